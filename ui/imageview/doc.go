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
// The package imports bubbletea for its message and command types only; it
// never imports client, store or another ui package.
package imageview
