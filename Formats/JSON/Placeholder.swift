// Filled in by the JSON writer.
