// The GraphML writer goes here.
