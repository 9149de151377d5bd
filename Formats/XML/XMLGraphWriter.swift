// The XML writer goes here.
