// The Plist writer goes here.
