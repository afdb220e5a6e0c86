// Package imageview shows images inside atelier's terminal UI.
//
// Bubble Tea's renderer draws text cells: it drops image escape sequences
// placed in a view. So this package offers three ways to show an image:
//
//   - Kitty graphics with Unicode placeholders: the image is transmitted once,
//     out of band (a tea.RawMsg written before the next frame), and the view
//     holds ordinary text — U+10EEEE with row/column diacritics, the image id
//     in the foreground colour — that the terminal replaces with the image.
//     The text survives the renderer and tmux.
//   - A half-block preview ('▀' with two colours per cell) that works in any
//     terminal with colour, cached per size so a redraw costs nothing.
//   - Sixel and iTerm2 inline images, which cannot live in a cell grid: they
//     are shown full-screen by a tea.ExecCommand that pauses the program
//     (see FullScreenCmd).
//
// What the terminal supports is learned from the environment (DetectFromEnv)
// and from the terminal's own replies, which Bubble Tea delivers as messages
// (QueryCmds, Capabilities.Update); ATELIER_IMAGES or a setting overrides it.
//
// Image bytes come from the network and are untrusted: Decode checks the
// declared size before allocating and is meant to run inside a tea.Cmd.
//
// A screen uses it like this: DetectFromEnv at start and QueryCmds from
// Init, folding every message into Viewer.Caps.Update; DecodeCmd when image
// bytes arrive; Viewer.Prepare when a decoded image (or a new size) comes
// in; Viewer.Update for every message; Viewer.View in View, beside the file
// path, which is always shown. OpenCmd opens the file in the system viewer,
// and FullScreenCmd shows it with sixel or iTerm2.
//
// The package uses bubbletea for its message and command types, and
// ultraviolet for the reply events Bubble Tea passes through untranslated.
// Of atelier's packages it imports only ui/termtext; never client or store.
package imageview
