// Queries, the query parser, and matching (Enquire / MSet). Spelling, snippets, facets and
// sorting can be added as new functions on these handles without changing these ones.
#include "cxapian_private.hpp"

static cx_status new_query(Xapian::Query query, cx_query **out) {
    *out = new cx_query{std::move(query)};
    return CX_OK;
}

extern "C" cx_status cx_query_new_term(const char *term, size_t term_len, cx_query **out, char **error) {
    CX_REQUIRE(term, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, { new_query(Xapian::Query(std::string(term, term_len)), out); });
}

extern "C" cx_status cx_query_new_match_all(cx_query **out, char **error) {
    CX_REQUIRE(out, error);
    // Xapian::Query::MatchAll is one static query whose reference count (not atomic in
    // libxapian 1.4) every copy on every thread would change: build an equal one of our own.
    CX_GUARD(error, { new_query(Xapian::Query(std::string()), out); });
}

extern "C" cx_status cx_query_new_match_nothing(cx_query **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, { new_query(Xapian::Query::MatchNothing, out); });
}

extern "C" cx_status cx_query_new_value_range(unsigned slot, const char *low, size_t low_len,
                                              const char *high, size_t high_len, cx_query **out,
                                              char **error) {
    CX_REQUIRE(low, error);
    CX_REQUIRE(high, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        new_query(Xapian::Query(Xapian::Query::OP_VALUE_RANGE, slot, std::string(low, low_len),
                                std::string(high, high_len)), out);
    });
}

extern "C" cx_status cx_query_new_value_weight(unsigned slot, double scale, cx_query **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        Xapian::Query source((new Xapian::ValueWeightPostingSource(slot))->release());
        new_query(Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, source, scale), out);
    });
}

extern "C" cx_status cx_query_new_fixed_weight(double weight, cx_query **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, { new_query(Xapian::Query((new Xapian::FixedWeightPostingSource(weight))->release()), out); });
}

static Xapian::Query::op xapian_op(cx_query_op op) {
    switch (op) {
    case CX_OP_AND: return Xapian::Query::OP_AND;
    case CX_OP_OR: return Xapian::Query::OP_OR;
    case CX_OP_AND_NOT: return Xapian::Query::OP_AND_NOT;
    case CX_OP_FILTER: return Xapian::Query::OP_FILTER;
    case CX_OP_AND_MAYBE: return Xapian::Query::OP_AND_MAYBE;
    case CX_OP_SYNONYM: return Xapian::Query::OP_SYNONYM;
    case CX_OP_MAX: return Xapian::Query::OP_MAX;
    }
    throw Xapian::InvalidArgumentError("unknown cx_query_op");
}

extern "C" cx_status cx_query_combine(cx_query_op op, const cx_query *left, const cx_query *right,
                                      cx_query **out, char **error) {
    CX_REQUIRE(left, error);
    CX_REQUIRE(right, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, { new_query(Xapian::Query(xapian_op(op), left->query, right->query), out); });
}

extern "C" cx_status cx_query_describe(const cx_query *query, char **text, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(text, error);
    CX_GUARD(error, { *text = cx_copy_string(query->query.get_description()); });
}

extern "C" void cx_query_destroy(cx_query *query) {
    try {
        delete query;
    } catch (...) {
    }
}

extern "C" cx_status cx_query_parser_new(cx_query_parser **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_query_parser>();
        handle->parser.set_stemmer(Xapian::Stem("english"));
        handle->parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        handle->parser.set_default_op(Xapian::Query::OP_AND);
        *out = handle.release();
    });
}

extern "C" void cx_query_parser_destroy(cx_query_parser *qp) {
    try {
        delete qp;
    } catch (...) {
    }
}

extern "C" cx_status cx_query_parser_set_database(cx_query_parser *qp, const cx_database *db, char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(db, error);
    CX_GUARD(error, { qp->parser.set_database(*db->db); });
}

extern "C" cx_status cx_query_parser_set_max_expansion(cx_query_parser *qp, unsigned max, char **error) {
    CX_REQUIRE(qp, error);
    CX_GUARD(error, {
        qp->parser.set_max_expansion(max, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                                     Xapian::QueryParser::FLAG_WILDCARD | Xapian::QueryParser::FLAG_PARTIAL);
    });
}

extern "C" cx_status cx_query_parser_add_prefix(cx_query_parser *qp, const char *field, const char *prefix,
                                                char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(field, error);
    CX_REQUIRE(prefix, error);
    CX_GUARD(error, { qp->parser.add_prefix(field, prefix); });
}

extern "C" cx_status cx_query_parser_add_boolean_prefix(cx_query_parser *qp, const char *field,
                                                        const char *prefix, char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(field, error);
    CX_REQUIRE(prefix, error);
    CX_GUARD(error, { qp->parser.add_boolean_prefix(field, prefix); });
}

extern "C" cx_status cx_query_parser_parse(cx_query_parser *qp, const char *text, size_t text_len,
                                           unsigned flags, cx_query **out, char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(text, error);
    CX_REQUIRE(out, error);
    // cx flags are defined with Xapian's values; keep only the ones the header names.
    unsigned known = CX_QP_BOOLEAN | CX_QP_PHRASE | CX_QP_LOVEHATE | CX_QP_WILDCARD | CX_QP_PURE_NOT | CX_QP_PARTIAL
                     | CX_QP_SPELLING_CORRECTION | CX_QP_CJK_NGRAM;
    CX_GUARD(error, { new_query(qp->parser.parse_query(std::string(text, text_len), flags & known), out); });
}

extern "C" cx_status cx_enquire_new(const cx_database *db, cx_enquire **out, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, { *out = new cx_enquire{Xapian::Enquire(*db->db)}; });
}

extern "C" void cx_enquire_destroy(cx_enquire *enquire) {
    try {
        delete enquire;
    } catch (...) {
    }
}

extern "C" cx_status cx_enquire_set_query(cx_enquire *enquire, const cx_query *query, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(query, error);
    CX_GUARD(error, { enquire->enquire.set_query(query->query); });
}

extern "C" cx_status cx_enquire_get_mset(cx_enquire *enquire, uint64_t offset, uint64_t limit,
                                         cx_mset **out, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        *out = new cx_mset{enquire->enquire.get_mset(cx_doccount(offset),
                                                     cx_doccount(limit))};
    });
}

extern "C" void cx_mset_destroy(cx_mset *mset) {
    try {
        delete mset;
    } catch (...) {
    }
}

extern "C" cx_status cx_mset_size(const cx_mset *mset, uint64_t *size, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(size, error);
    CX_GUARD(error, { *size = mset->mset.size(); });
}

extern "C" cx_status cx_mset_matches_estimated(const cx_mset *mset, uint64_t *estimate, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(estimate, error);
    CX_GUARD(error, { *estimate = mset->mset.get_matches_estimated(); });
}

static Xapian::MSetIterator at(const cx_mset *mset, uint64_t index) {
    if (index >= mset->mset.size()) throw Xapian::RangeError("mset index out of range");
    return mset->mset[static_cast<Xapian::doccount>(index)];
}

extern "C" cx_status cx_mset_docid(const cx_mset *mset, uint64_t index, uint32_t *docid, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(docid, error);
    CX_GUARD(error, { *docid = *at(mset, index); });
}

extern "C" cx_status cx_mset_weight(const cx_mset *mset, uint64_t index, double *weight, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(weight, error);
    CX_GUARD(error, { *weight = at(mset, index).get_weight(); });
}

extern "C" cx_status cx_mset_document_data(const cx_mset *mset, uint64_t index, char **data,
                                           size_t *data_len, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(data, error);
    CX_REQUIRE(data_len, error);
    CX_GUARD(error, {
        std::string text = at(mset, index).get_document().get_data();
        *data = cx_copy_string(text);
        *data_len = text.size();
    });
}
