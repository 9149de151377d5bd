// The YAML writer goes here.
