// The JSONLines writer goes here.
