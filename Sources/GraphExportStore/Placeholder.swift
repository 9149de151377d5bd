// Filled in by the Core Data reader.
