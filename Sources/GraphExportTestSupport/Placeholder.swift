// Filled in by the test support.
