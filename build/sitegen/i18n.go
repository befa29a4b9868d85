package sitegen

import "github.com/cqlplay/cqlplay/build/ui"

// The strings of the interface in each language (build/ui).
type uiText = ui.Text

var uiStrings = ui.Strings
