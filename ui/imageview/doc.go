// Package imageview shows images inside atelier's terminal UI.
//
// Bubble Tea's renderer draws text cells: it drops image escape sequences
// placed in a view. So this package offers three ways to show an image:
//
//   - Kitty graphics with Unicode placeholders (kitty 0.28 and later,
//     Ghostty): the image is transmitted once, out of band (a tea.RawMsg
//     written before the next frame), and the view holds ordinary text —
//     U+10EEEE with row/column diacritics, the image id in the foreground
//     colour, the placement id in the underline colour — that the terminal
//     replaces with the image. The text survives the renderer and tmux.
//   - A half-block preview ('▀' with two colours per cell, sampled for the
//     terminal's cell size) that works in any terminal with colour, cached
//     per size so a redraw costs nothing.
//   - Over the whole screen, while a tea.ExecCommand pauses the program
//     (FullScreenCmd): kitty graphics (placed at the cursor, which kitty
//     had before placeholders), iTerm2 and sixel images, or half blocks.
//
// What the terminal supports is learned from the environment (DetectFromEnv)
// and the tty (ReadWindow), then from the terminal's own replies, which
// Bubble Tea delivers as messages (QueryCmds, Capabilities.Update): first
// its name and version, then — wrapped for tmux's passthrough inside tmux,
// where an answer also shows passthrough is on — the kitty query and its
// sizes. ATELIER_IMAGES or a setting overrides it.
//
// Image bytes come from the network and are untrusted: Decode checks the
// declared size before allocating and is meant to run inside a tea.Cmd.
//
// A screen uses it like this: DetectFromEnv at start and QueryCmds from
// Init, folding every message into Viewer.Caps.Update (and running the
// command it returns); DecodeCmd when image bytes arrive; Viewer.Prepare
// when a decoded image (or a new size) comes in, Viewer.Succeed when one
// takes another's place, Viewer.Refresh after a redraw; Viewer.Update for
// every message; Viewer.View in View, beside the file path, which is always
// shown. OpenCmd opens the file in the system viewer, and FullScreenCmd
// shows it over the whole screen.
//
// The package uses bubbletea for its message and command types, and
// ultraviolet for the reply events Bubble Tea passes through untranslated.
// Of atelier's packages it imports only ui/termtext; never client or store.
package imageview
