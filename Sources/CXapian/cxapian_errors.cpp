// Statuses and the one mapping from Xapian's exception classes to them.
#include "cxapian_private.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>

char *cx_copy_string(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy == nullptr) throw std::bad_alloc();
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

void cx_set_error(char **error, const std::string &message) {
    if (error == nullptr) return;
    try {
        *error = cx_copy_string(message);
    } catch (...) {
        *error = nullptr;
    }
}

static std::string describe(const Xapian::Error &e) {
    std::string text = e.get_type();
    text += ": ";
    text += e.get_msg();
    if (!e.get_context().empty()) {
        text += " (";
        text += e.get_context();
        text += ")";
    }
    if (e.get_error_string() != nullptr) {
        text += ": ";
        text += e.get_error_string();
    }
    return text;
}

cx_status cx_status_from_current_exception(char **error) noexcept {
    cx_status status = CX_ERR_UNKNOWN;
    std::string message = "unknown exception";
    try {
        try {
            // Xapian::Error is not polymorphic: the catch order (most derived first) is the mapping.
            throw;
        } catch (const Xapian::DatabaseLockError &e) {
            status = CX_ERR_DATABASE_LOCK;
            message = describe(e);
        } catch (const Xapian::DatabaseVersionError &e) {
            status = CX_ERR_DATABASE_VERSION;
            message = describe(e);
        } catch (const Xapian::DatabaseNotFoundError &e) {
            status = CX_ERR_DATABASE_NOT_FOUND;
            message = describe(e);
        } catch (const Xapian::DatabaseOpeningError &e) {
            status = CX_ERR_DATABASE_OPENING;
            message = describe(e);
        } catch (const Xapian::DatabaseCorruptError &e) {
            status = CX_ERR_DATABASE_CORRUPT;
            message = describe(e);
        } catch (const Xapian::DatabaseCreateError &e) {
            status = CX_ERR_DATABASE_CREATE;
            message = describe(e);
        } catch (const Xapian::DatabaseModifiedError &e) {
            status = CX_ERR_DATABASE_MODIFIED;
            message = describe(e);
        } catch (const Xapian::DatabaseClosedError &e) {
            status = CX_ERR_DATABASE_CLOSED;
            message = describe(e);
        } catch (const Xapian::DatabaseError &e) {
            status = CX_ERR_DATABASE;
            message = describe(e);
        } catch (const Xapian::NetworkTimeoutError &e) {
            status = CX_ERR_NETWORK_TIMEOUT;
            message = describe(e);
        } catch (const Xapian::NetworkError &e) {
            status = CX_ERR_NETWORK;
            message = describe(e);
        } catch (const Xapian::QueryParserError &e) {
            status = CX_ERR_QUERY_PARSER;
            message = describe(e);
        } catch (const Xapian::WildcardError &e) {
            status = CX_ERR_WILDCARD;
            message = describe(e);
        } catch (const Xapian::InvalidArgumentError &e) {
            status = CX_ERR_INVALID_ARGUMENT;
            message = describe(e);
        } catch (const Xapian::InvalidOperationError &e) {
            status = CX_ERR_INVALID_OPERATION;
            message = describe(e);
        } catch (const Xapian::UnimplementedError &e) {
            status = CX_ERR_UNIMPLEMENTED;
            message = describe(e);
        } catch (const Xapian::DocNotFoundError &e) {
            status = CX_ERR_DOC_NOT_FOUND;
            message = describe(e);
        } catch (const Xapian::RangeError &e) {
            status = CX_ERR_RANGE;
            message = describe(e);
        } catch (const Xapian::Error &e) {
            status = CX_ERR_XAPIAN;
            message = describe(e);
        } catch (const std::bad_alloc &) {
            status = CX_ERR_NO_MEMORY;
            message = "out of memory";
        } catch (const std::system_error &e) {
            status = CX_ERR_IO;
            message = e.what();
        } catch (const std::exception &e) {
            status = CX_ERR_STD;
            message = e.what();
        } catch (...) {
            status = CX_ERR_UNKNOWN;
        }
    } catch (...) {
        // Building the message itself failed; keep the status.
    }
    cx_set_error(error, message);
    return status;
}

const char *cx_status_to_string(cx_status status) {
    switch (status) {
    case CX_OK: return "ok";
    case CX_ERR_DATABASE_LOCK: return "database lock error";
    case CX_ERR_DATABASE_CORRUPT: return "database corrupt error";
    case CX_ERR_DATABASE_NOT_FOUND: return "database not found error";
    case CX_ERR_DATABASE_OPENING: return "database opening error";
    case CX_ERR_DATABASE_VERSION: return "database version error";
    case CX_ERR_DATABASE_CREATE: return "database create error";
    case CX_ERR_DATABASE_MODIFIED: return "database modified error";
    case CX_ERR_DATABASE_CLOSED: return "database closed error";
    case CX_ERR_DATABASE: return "database error";
    case CX_ERR_NETWORK: return "network error";
    case CX_ERR_NETWORK_TIMEOUT: return "network timeout error";
    case CX_ERR_QUERY_PARSER: return "query parser error";
    case CX_ERR_WILDCARD: return "wildcard error";
    case CX_ERR_INVALID_ARGUMENT: return "invalid argument error";
    case CX_ERR_INVALID_OPERATION: return "invalid operation error";
    case CX_ERR_UNIMPLEMENTED: return "unimplemented error";
    case CX_ERR_DOC_NOT_FOUND: return "document not found error";
    case CX_ERR_RANGE: return "range error";
    case CX_ERR_XAPIAN: return "xapian error";
    case CX_ERR_NO_MEMORY: return "out of memory";
    case CX_ERR_IO: return "i/o error";
    case CX_ERR_STD: return "c++ exception";
    case CX_ERR_UNKNOWN: return "unknown error";
    }
    return "unknown status";
}

void cx_string_free(char *string) { std::free(string); }

// libxapian 1.4 can throw from a destructor (ValueUpdater writes the last value chunk while
// a commit unwinds), which no catch stops: std::terminate ends the process. Before it does,
// say on stderr, in one line, which exception it was, so the log shows why the process ended.
[[noreturn]] static void cx_report_terminate() noexcept {
    std::string message = "no exception";
    if (std::exception_ptr current = std::current_exception()) {
        try {
            std::rethrow_exception(current);
        } catch (const Xapian::Error &e) {
            message = describe(e);
        } catch (const std::exception &e) {
            message = e.what();
        } catch (...) {
            message = "an exception of unknown type";
        }
    }
    std::fprintf(stderr, "error: libxapian ended the process (std::terminate): %s\n", message.c_str());
    std::fflush(stderr);
    std::abort();
}

static const std::terminate_handler cx_previous_terminate = std::set_terminate(cx_report_terminate);
