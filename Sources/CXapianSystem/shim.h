// Links libxapian (found with pkg-config xapian-core). The C++ headers are used only by
// Sources/CXapian; nothing here is visible to Swift.
