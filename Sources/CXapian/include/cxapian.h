/*
 * cxapian.h: a plain C API over libxapian for Swift. NOT public API of Spotlight for
 * Linux; only Sources/SpotlightCore/Index uses it.
 *
 * Conventions:
 *  - Opaque handles (cx_database, cx_document, cx_query, cx_query_parser, cx_enquire,
 *    cx_mset), each with exactly one destroy function (NULL is accepted and ignored).
 *  - Names are cx_<object>_<verb>.
 *  - Every function returns a cx_status. On failure it writes a malloc'ed, NUL-terminated
 *    message to *error (when error is not NULL); free it with cx_string_free.
 *  - No C++ exception ever crosses this boundary.
 *  - Strings that may hold any byte (terms, values, data) are passed as pointer + length.
 */
#ifndef CXAPIAN_H
#define CXAPIAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cx_status {
    CX_OK = 0,
    CX_ERR_DATABASE_LOCK,          /* another writer holds the database */
    CX_ERR_DATABASE_CORRUPT,       /* the database files are damaged */
    CX_ERR_DATABASE_NOT_FOUND,     /* no database at the path */
    CX_ERR_DATABASE_OPENING,       /* the path could not be opened as a database */
    CX_ERR_DATABASE_VERSION,       /* a database format this libxapian does not read */
    CX_ERR_DATABASE_CREATE,        /* the database could not be created */
    CX_ERR_DATABASE_MODIFIED,      /* a reader's revision was overwritten; reopen and retry */
    CX_ERR_DATABASE_CLOSED,        /* the handle was closed */
    CX_ERR_DATABASE,               /* another database error (I/O, ...) */
    CX_ERR_NETWORK,                /* a remote database failed */
    CX_ERR_NETWORK_TIMEOUT,        /* a remote database did not answer in time */
    CX_ERR_QUERY_PARSER,           /* the query text could not be parsed */
    CX_ERR_WILDCARD,               /* a wildcard expanded past its limit */
    CX_ERR_INVALID_ARGUMENT,       /* an argument Xapian rejects (e.g. a term too long) */
    CX_ERR_INVALID_OPERATION,      /* not allowed on this handle (e.g. writing a reader) */
    CX_ERR_UNIMPLEMENTED,          /* not supported by this backend */
    CX_ERR_DOC_NOT_FOUND,          /* no such document */
    CX_ERR_RANGE,                  /* an index out of range */
    CX_ERR_XAPIAN,                 /* any other Xapian::Error */
    CX_ERR_NO_MEMORY,              /* std::bad_alloc */
    CX_ERR_IO,                     /* a system call failed (message carries errno text) */
    CX_ERR_STD,                    /* any other std::exception */
    CX_ERR_UNKNOWN                 /* anything else thrown */
} cx_status;

typedef struct cx_database cx_database;
typedef struct cx_document cx_document;
typedef struct cx_query cx_query;
typedef struct cx_query_parser cx_query_parser;
typedef struct cx_enquire cx_enquire;
typedef struct cx_mset cx_mset;

/* A human-readable name of a status, e.g. "database lock error". Static; never free it. */
const char *cx_status_to_string(cx_status status);
/* Frees a string returned through an error or data out-parameter. */
void cx_string_free(char *string);

/* ---- Databases ------------------------------------------------------------------ */


/* Creates or opens the local database at path for writing. Fails fast when locked. */
cx_status cx_database_open_writable(const char *path, cx_database **out, char **error);
/* Opens the local database at path read-only. */
cx_status cx_database_open_readonly(const char *path, cx_database **out, char **error);
/* Opens a database served by xapian-tcpsrv. Timeouts are in milliseconds. */
cx_status cx_database_open_remote(const char *host, unsigned port, unsigned timeout_ms,
                                  unsigned connect_timeout_ms, cx_database **out, char **error);
/* An empty database to which others are added to be searched as one. */
cx_status cx_database_new_combined(cx_database **out, char **error);
/* Adds part's shards to combined (part stays owned by the caller). */
cx_status cx_database_add_database(cx_database *combined, const cx_database *part, char **error);
/* Frees the handle. A writer's uncommitted changes are discarded, never committed. */
void cx_database_destroy(cx_database *db);
/* Throws away a writer's changes since its last commit, writing nothing (writable only). The
   handle is closed and opened afresh: writing on after libxapian 1.4's cancel can corrupt the
   database (see cx_database_discard_changes in cxapian_database.cpp). */
cx_status cx_database_discard_changes(cx_database *db, char **error);

/* Adds or replaces the document indexed by unique_term (writable only). */
cx_status cx_database_replace_document(cx_database *db, const char *unique_term, size_t term_len,
                                       const cx_document *doc, char **error);
/* Deletes every document indexed by term; none is fine (writable only). */
cx_status cx_database_delete_document(cx_database *db, const char *term, size_t term_len, char **error);
cx_status cx_database_commit(cx_database *db, char **error);
cx_status cx_database_set_metadata(cx_database *db, const char *key, const char *value,
                                   size_t value_len, char **error);
/* *value is malloc'ed (free with cx_string_free), *value_len 0 when unset. */
cx_status cx_database_get_metadata(const cx_database *db, const char *key, char **value,
                                   size_t *value_len, char **error);
/* The metadata keys starting with prefix, sorted (counted strings, counts 0). Of a combined
   database only its first part's keys (as for cx_database_get_metadata). */
cx_status cx_database_metadata_keys(const cx_database *db, const char *prefix, char **list, size_t *list_len,
                                    char **error);
cx_status cx_database_doccount(const cx_database *db, uint64_t *count, char **error);
cx_status cx_database_revision(const cx_database *db, uint64_t *revision, char **error);
/* Moves a reader to the latest revision; *changed is 1 when it moved. */
cx_status cx_database_reopen(cx_database *db, int *changed, char **error);
/* Whether any term starts with prefix (in any shard). */
cx_status cx_database_has_prefix(const cx_database *db, const char *prefix, size_t prefix_len,
                                 int *found, char **error);
/* Closes the database; a writer's uncommitted changes are discarded, not committed. */
cx_status cx_database_close(cx_database *db, char **error);
/* Runs Xapian::Database::check on path; *report is malloc'ed text of its report (each table's
   header, the problems found). Damage that stops the check (DatabaseCorruptError) counts as one
   error, reported as a last line "error: <description>" after the table it was found in. */
cx_status cx_database_check(const char *path, uint64_t *error_count, char **report, char **error);
/* Compacts the local database at source into a new database at destination (which must not
   exist yet); metadata and document ids are kept. The source may be open elsewhere. */
cx_status cx_database_compact(const char *source, const char *destination, char **error);
/* ---- The bulk path (cxapian_bulk.cpp) -------------------------------------------- */

/* Creates (or empties) a scratch database at path for writing one part of a bulk build: no
   fsync on commit, since a part counts only once merged and the merge is committed. With
   plain_tags non-zero, libxapian stores its tags (termlists, document data, spelling)
   uncompressed, which the merge keeps for termlists and document data: cheaper to write,
   larger on disk (cxapian_deflate.cpp has the figures). */
cx_status cx_database_open_scratch(const char *path, int plain_tags, cx_database **out, char **error);
/* Adds doc as a new document (no unique-term lookup: the caller knows no document holds its
   key). Its words do not go into the spelling dictionary: a part's dictionary is made from
   its terms once it is written (cx_database_spell_from_terms). */
cx_status cx_database_add_new_document(cx_database *db, const cx_document *doc, char **error);
/* Adds to the pending spelling changes (written at the next commit) the spelling words among
   the database's terms after `after` in byte order ("" for the first), up to max_words of
   them, each counted as often as documents hold it: the dictionary counting each document's
   words gives, made in one pass over the terms. *last is the last term looked at (free it;
   pass it as `after` to go on); *more is 0 once no term is left. */
cx_status cx_database_spell_from_terms(cx_database *db, const char *after, size_t after_len, unsigned max_words,
                                       char **last, size_t *last_len, int *more, char **error);
/* Merges the local databases at sources, in order, into a new compacted database at
   destination (which must not exist yet): document ids are renumbered so each source's
   documents follow the previous source's; spelling tables are summed; metadata keys of every
   source are kept (a key in several sources keeps one of its values). With plain_tags
   non-zero, the tags the sources hold uncompressed (cx_database_open_scratch) stay so. */
cx_status cx_database_merge(const char *const *sources, size_t count, const char *destination, int plain_tags,
                            char **error);
/* Deletes the document with the lowest document id holding term (a unique key after a merge
   whose older source held the key: the superseded version), taking its words out of the
   spelling dictionary; *deleted is 1 when there was one. */
cx_status cx_database_delete_first_document(cx_database *db, const char *term, size_t term_len,
                                            int *deleted, char **error);

/* Allocates length bytes of disk past the end of the file at path without changing its size
   (fallocate FALLOC_FL_KEEP_SIZE), so later writes there cannot fail for lack of space.
   *supported is 0 (and CX_OK returned) when the file system cannot preallocate; ENOSPC and
   other failures return CX_ERR_IO with the errno text. */
cx_status cx_reserve_file_space(const char *path, uint64_t length, int *supported, char **error);

/* Whether CXapian's interposed zlib `inflate` serves libxapian in this process (*installed
   is 1), and how many of libxapian's inflate calls it has held the last input byte back for.
   It works around a libxapian 1.4 bug that makes some compressed tags unreadable ("Too few
   chunks of compressed data"); see cxapian_inflate.cpp. */
cx_status cx_inflate_workaround_state(int *installed, uint64_t *held_back, char **error);

/* Whether CXapian's interposed zlib `deflateInit2_` serves libxapian in this process
   (*installed is 1), how many of libxapian's deflate streams it has set to level 1 and
   memLevel 4 (cheaper compression of its small tags; see cxapian_deflate.cpp), and how many
   to store tags uncompressed (the parts of cx_database_open_scratch with plain_tags). */
cx_status cx_deflate_tuning_state(int *installed, uint64_t *tuned, uint64_t *plain, char **error);

/* ---- Documents -------------------------------------------------------------------- */

cx_status cx_document_new(cx_document **out, char **error);
void cx_document_destroy(cx_document *doc);
/* Gives memory malloc holds but no longer uses back to the kernel (glibc malloc_trim). */
void cx_release_free_memory(void);

/* Tokenizes text with the document's stemmer (English unless cx_document_set_language;
   STEM_SOME, with positions) under prefix. Han, Hiragana, Katakana and Hangul text is indexed
   as unigrams and bigrams (Xapian's FLAG_CJK_NGRAM), so any word inside unspaced text matches. */
cx_status cx_document_index_text(cx_document *doc, const char *text, size_t text_len,
                                 const char *prefix, unsigned wdf_inc, char **error);
/* Indexes words of up to bytes UTF-8 bytes from now on (Xapian's default skips any word over 64,
   which is 21 characters of Thai or Devanagari). */
cx_status cx_document_set_max_word_length(cx_document *doc, unsigned bytes, char **error);
/* Stems the text indexed from now on with the stemmer of a BCP 47 language tag ("de",
   "fr-CA"; its primary subtag): English for "", none for a language Xapian has no stemmer for. */
cx_status cx_document_set_language(cx_document *doc, const char *language, char **error);
/* Indexes a field's text (title, keyword and property prefixes) once, without positions:
   each word as Z<prefix><stem> in the document's language (its stem only, digits first or
   not: STEM_ALL_Z), or as <prefix><word> when the language has no stemmer. A field's phrases
   are matched on the free text, its words and wildcards by their stems
   (cx_query_expand_wildcards). prefix must not be empty. */
cx_status cx_document_index_field_text(cx_document *doc, const char *text, size_t text_len,
                                       const char *prefix, unsigned wdf_inc, char **error);
/* Moves the term position on so phrases do not match across fields. */
cx_status cx_document_increase_termpos(cx_document *doc, unsigned delta, char **error);
cx_status cx_document_add_boolean_term(cx_document *doc, const char *term, size_t term_len, char **error);
cx_status cx_document_set_value(cx_document *doc, unsigned slot, const char *value,
                                size_t value_len, char **error);
cx_status cx_document_set_data(cx_document *doc, const char *data, size_t data_len, char **error);

/* Xapian::sortable_serialise; buffer must hold 18 bytes. */
cx_status cx_sortable_serialise(double number, char *buffer, size_t *length);
/* Xapian::sortable_unserialise (in cxapian_search.cpp). */
cx_status cx_sortable_unserialise(const char *value, size_t value_len, double *number);

/* ---- Queries ---------------------------------------------------------------------- */

typedef enum cx_query_op {
    CX_OP_AND, CX_OP_OR, CX_OP_AND_NOT, CX_OP_FILTER, CX_OP_AND_MAYBE, CX_OP_SYNONYM, CX_OP_MAX
} cx_query_op;

cx_status cx_query_new_term(const char *term, size_t term_len, cx_query **out, char **error);
cx_status cx_query_new_match_all(cx_query **out, char **error);
cx_status cx_query_new_match_nothing(cx_query **out, char **error);
/* Documents whose value in slot lies in [low, high] (documents without a value never match). */
cx_status cx_query_new_value_range(unsigned slot, const char *low, size_t low_len,
                                   const char *high, size_t high_len, cx_query **out, char **error);
/* Weight = sortable_unserialise(value in slot) * scale (a bounded boost). */
cx_status cx_query_new_value_weight(unsigned slot, double scale, cx_query **out, char **error);
/* Every document, each with the same weight (a FixedWeightPostingSource): filtered, a flat boost. */
cx_status cx_query_new_fixed_weight(double weight, cx_query **out, char **error);
cx_status cx_query_combine(cx_query_op op, const cx_query *left, const cx_query *right,
                           cx_query **out, char **error);
/* *text is malloc'ed: Xapian's description of the query, for debugging. */
cx_status cx_query_describe(const cx_query *query, char **text, char **error);
void cx_query_destroy(cx_query *query);
/* A copy of query whose wildcards and partial last word are replaced by the explicit terms
 * they match in db, expanded once over all of db (the max most frequent; 0: all), so every
 * sub-database of a combined database scores the same terms. A wildcard becomes OP_OR of its
 * terms and a synonym OP_MAX of its parts (cxapian_expand.cpp says why). Field terms are
 * rewritten to what cx_document_index_field_text indexes, with the stemmer of language (the
 * one the query was parsed with): a field word becomes its stem, a field wildcard the stems
 * of the words it begins, and a phrase or NEAR of one field's words (which have no
 * positions) that phrase in the free text, filtered by the words' stems in the field. */
cx_status cx_query_expand_wildcards(const cx_query *query, const cx_database *db, unsigned max,
                                    const char *language, cx_query **out, char **error);
/* query with each term of the property field `prefix` (XP<name>:, and its stems) t becoming
 * OR(t, FILTER(the same word as free text, marker)): a document whose text in that property
 * is long holds the boolean marker (XH<name>) instead of field terms. */
cx_status cx_query_widen_long_text_field(const cx_query *query, const char *prefix, size_t prefix_len,
                                         const char *marker, size_t marker_len, cx_query **out, char **error);
/* The stem of word by the stemmer of a BCP 47 language tag, as the query parser stems in that
 * language (English for "" or NULL; the word itself for a language Xapian has no stemmer for;
 * *stem is malloc'ed, counted). */
cx_status cx_stem_word(const char *language, const char *word, size_t word_len, char **stem, size_t *stem_len,
                       char **error);
/* The distinct terms query holds (counted strings, counts 0). */
cx_status cx_query_terms(const cx_query *query, char **list, size_t *list_len, char **error);
/* A copy of query in which every leaf term equal to term becomes OP_OR(term, widening) (a
 * query-time synonym). Leaves inside phrases, NEAR and scaled subqueries are left as they are. */
cx_status cx_query_widen_term(const cx_query *query, const char *term, size_t term_len,
                              const cx_query *widening, cx_query **out, char **error);
/* A copy of query in which every AND holding a leaf for each term of group (the n-grams of
 * one CJK word as the parser reads it) has those leaves replaced by OP_OR(AND(leaves),
 * widening). Leaves inside phrases, NEAR and scaled subqueries are left as they are. */
cx_status cx_query_widen_group(const cx_query *query, const cx_query *group, const cx_query *widening,
                               cx_query **out, char **error);

/* reading merged into query, two parses of one text with different stemmers: the two trees
 * are walked together and each place where they differ (a word's stems, a wildcard's
 * expansions) becomes OP_MAX of the two, so a word excluded by NOT, `-` or XOR is excluded in
 * every language's reading. */
cx_status cx_query_merge_reading(const cx_query *query, const cx_query *reading, cx_query **out, char **error);

/* Flags (mirror Xapian::QueryParser::feature_flag). */
enum {
    CX_QP_BOOLEAN = 1, CX_QP_PHRASE = 2, CX_QP_LOVEHATE = 4, CX_QP_WILDCARD = 16,
    CX_QP_PURE_NOT = 32, CX_QP_PARTIAL = 64, CX_QP_SPELLING_CORRECTION = 128, CX_QP_CJK_NGRAM = 2048
};

/* A parser with the English stemmer (STEM_SOME) and default operator AND. */
cx_status cx_query_parser_new(cx_query_parser **out, char **error);
void cx_query_parser_destroy(cx_query_parser *qp);
/* The database wildcards and partial words expand against (kept alive by the caller). */
cx_status cx_query_parser_set_database(cx_query_parser *qp, const cx_database *db, char **error);
/* Bounds the expansion of wildcards and the partial last word to the max most frequent terms. */
cx_status cx_query_parser_set_max_expansion(cx_query_parser *qp, unsigned max, char **error);
/* Stems with the stemmer of a BCP 47 language tag, as cx_document_set_language. */
cx_status cx_query_parser_set_language(cx_query_parser *qp, const char *language, char **error);
cx_status cx_query_parser_add_prefix(cx_query_parser *qp, const char *field, const char *prefix, char **error);
cx_status cx_query_parser_add_boolean_prefix(cx_query_parser *qp, const char *field,
                                             const char *prefix, char **error);
cx_status cx_query_parser_parse(cx_query_parser *qp, const char *text, size_t text_len,
                                unsigned flags, cx_query **out, char **error);

/* ---- Matching --------------------------------------------------------------------- */

/* db must outlive the enquire. */
cx_status cx_enquire_new(const cx_database *db, cx_enquire **out, char **error);
void cx_enquire_destroy(cx_enquire *enquire);
cx_status cx_enquire_set_query(cx_enquire *enquire, const cx_query *query, char **error);
cx_status cx_enquire_get_mset(cx_enquire *enquire, uint64_t offset, uint64_t limit,
                              cx_mset **out, char **error);

void cx_mset_destroy(cx_mset *mset);
cx_status cx_mset_size(const cx_mset *mset, uint64_t *size, char **error);
cx_status cx_mset_matches_estimated(const cx_mset *mset, uint64_t *estimate, char **error);
cx_status cx_mset_docid(const cx_mset *mset, uint64_t index, uint32_t *docid, char **error);
cx_status cx_mset_weight(const cx_mset *mset, uint64_t index, double *weight, char **error);
/* *data is malloc'ed (free with cx_string_free). */
cx_status cx_mset_document_data(const cx_mset *mset, uint64_t index, char **data,
                                size_t *data_len, char **error);

/* ---- Search features (cxapian_search.cpp) ------------------------------------------- */

/* Counted-string lists: several functions return a malloc'ed buffer (free with
   cx_string_free) holding entries back to back, each a little-endian uint64 count, a
   little-endian uint64 byte length, then the bytes. */

/* `<prefix><low>..<high>` in query text (either side may be empty) becomes the OR of a value
   range on each of the count slots, the numbers read as decimals and compared as
   sortable_serialise'd values (no slots: matches nothing). */
cx_status cx_query_parser_add_number_ranges(cx_query_parser *qp, const unsigned *slots, size_t count,
                                            const char *prefix, char **error);
/* After a parse with CX_QP_SPELLING_CORRECTION: the corrected query text, or an empty string
   when nothing was corrected. *text is malloc'ed. */
cx_status cx_query_parser_corrected(const cx_query_parser *qp, char **text, size_t *text_len, char **error);

/* Keeps the spelling dictionary in step with one document (writable only): the unprefixed
   terms (except CJK n-grams, which are not words) of the document indexed by unique_term now (if any) are taken out, those of doc (may be
   NULL, for a deletion) are put in, each counting once per document. Call before replacing or
   deleting the document. The changes are gathered per word and handed to Xapian at the next
   commit or cx_database_flush_spelling; until then spelling suggestions do not see them. */
cx_status cx_database_update_spelling(cx_database *db, const char *unique_term, size_t term_len,
                                      const cx_document *doc, char **error);
/* Hands the spelling changes gathered by cx_database_update_spelling to Xapian, so that the
   writer's own spelling suggestions see them (writable only; commit does this itself). */
cx_status cx_database_flush_spelling(cx_database *db, char **error);
/* How many positions term has in all the documents holding it (0: none, or no positions). */
cx_status cx_database_position_count(const cx_database *db, const char *term, size_t term_len,
                                     uint64_t *count, char **error);
/* How many documents hold term (0: none). For an unprefixed word that is not a CJK n-gram this
   is its count in the spelling dictionary (cx_database_update_spelling). */
cx_status cx_database_term_frequency(const cx_database *db, const char *term, size_t term_len,
                                     uint64_t *frequency, char **error);
/* Sets *empty to 1 when no document of db has a value in slot and db reads committed local
   revisions only; else 0, also when that is not known cheaply (a writer, a combination
   holding one, a remote database or a combination holding one). */
cx_status cx_database_slot_known_empty(const cx_database *db, unsigned slot, int *empty, char **error);
/* For a db reading committed local revisions only (else *known = 0, as
   cx_database_slot_known_empty): *known = 1, *documents its document count, *valued how many
   of them have a value in slot, and, when some do, *lowest and *highest bounds of those values
   read as sortable-serialised numbers (no value lies outside them; a deletion can leave them
   looser than the values held). */
cx_status cx_database_slot_span(const cx_database *db, unsigned slot, int *known, uint64_t *documents,
                                uint64_t *valued, double *lowest, double *highest, char **error);
/* The count of word in the spelling dictionary (0: not in it). */
cx_status cx_database_spelling_frequency(const cx_database *db, const char *word, size_t word_len,
                                         uint64_t *frequency, char **error);
/* The most frequent completions of prefix among the unprefixed terms (except CJK n-grams) of
   the best max_docs matches of query (counted strings: count = matching documents holding the
   term), at most max_results, most frequent first. */
cx_status cx_database_complete(const cx_database *db, const cx_query *query, const char *prefix,
                               size_t prefix_len, unsigned max_docs, unsigned max_results,
                               char **list, size_t *list_len, char **error);

typedef enum cx_sort {
    CX_SORT_RELEVANCE, CX_SORT_VALUE, CX_SORT_VALUE_THEN_RELEVANCE, CX_SORT_RELEVANCE_THEN_VALUE
} cx_sort;
/* Orders matches; slot and reverse (1: descending values) are ignored for CX_SORT_RELEVANCE. */
cx_status cx_enquire_set_sort(cx_enquire *enquire, cx_sort sort, unsigned slot, int reverse, char **error);
/* Counts the values in slot over all matches (a ValueCountMatchSpy); call before get_mset.
   *facet is its number for cx_enquire_facet_values. */
cx_status cx_enquire_add_facet(cx_enquire *enquire, unsigned slot, unsigned *facet, char **error);
/* After get_mset: the max most frequent values of a facet (counted strings); max may exceed
   the number of values (UINT_MAX: all of them). */
cx_status cx_enquire_facet_values(const cx_enquire *enquire, unsigned facet, unsigned max,
                                  char **list, size_t *list_len, char **error);
/* get_mset that looks at no fewer than check_at_least matches (exact counts and facets). */
cx_status cx_enquire_get_mset_checking(cx_enquire *enquire, uint64_t offset, uint64_t limit,
                                       uint64_t check_at_least, cx_mset **out, char **error);
/* The terms of the query that match the document at index (counted strings, counts 0). */
cx_status cx_enquire_matching_terms(const cx_enquire *enquire, const cx_mset *mset, uint64_t index,
                                    char **list, size_t *list_len, char **error);
cx_status cx_mset_matches_bounds(const cx_mset *mset, uint64_t *lower, uint64_t *upper, char **error);
/* MSet::snippet of text with the stemmer of language (as cx_document_set_language) and CJK
   n-grams: at most length bytes, matches between start and end markers. Xapian escapes the
   text for HTML. *snippet is malloc'ed. */
cx_status cx_mset_snippet(const cx_mset *mset, const char *text, size_t text_len, size_t length,
                          const char *start, const char *end, const char *language, char **snippet,
                          size_t *snippet_len, char **error);

/* ---- Text in every language (cxapian_text.cpp) --------------------------------------- */

/* ICU's NFKC_Casefold of UTF-8 text (full case folding: ß -> ss, final sigma, ligatures,
   full-width forms), then without diacritics (Latin, Greek and Cyrillic combining marks,
   Hebrew points, Arabic harakat), with Turkish dotless ı as i and Katakana as Hiragana.
   *folded is malloc'ed. */
cx_status cx_text_fold(const char *text, size_t text_len, char **folded, size_t *folded_len, char **error);
/* *found is 1 when Xapian has a stemmer for the BCP 47 tag's primary subtag. */
cx_status cx_language_has_stemmer(const char *language, int *found, char **error);

#ifdef __cplusplus
}
#endif
#endif
