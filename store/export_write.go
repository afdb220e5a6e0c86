package store

// WriteExport writes an export's file whole or not at all (a temporary
// file renamed over path, its folder made), as the store's own exports
// are written: for the exports made outside the store (a batch's report).
func WriteExport(path string, data []byte) error { return writeFileAtomic(path, data) }
