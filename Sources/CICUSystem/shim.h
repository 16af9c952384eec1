// Links ICU's common library (found with pkg-config icu-uc) for its NFKC_Casefold
// normalizer. The C++ headers are used only by Sources/CXapian/cxapian_text.cpp; nothing
// here is visible to Swift.
