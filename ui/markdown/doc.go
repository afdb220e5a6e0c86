// Package markdown is the live view of a model's reply in the Chat and
// Compare tabs: markdown rendered with glamour while it streams, smooth on
// long replies.
//
// Renderer does the work and knows nothing of Bubble Tea. It cuts the text
// into top-level blocks at points where CommonMark guarantees that later text
// cannot change what came before (see splitter), renders each block once it
// is closed and keeps the lines, and at each frame renders again only the
// block still open at the end. Drawing the blocks one under the other, an
// empty line between two, gives what rendering the whole reply at once gives
// (TestBlockwiseMatchesWhole checks it on a corpus).
//
// Model is the Bubble Tea component around it: frames at most 60 times a
// second, a window that follows new text unless the reader scrolled up, and
// a View that only returns a string built beforehand.
//
// Model output is untrusted. Before anything else sees it, it is cleaned by
// termtext (no CSI, OSC, DCS... from the model reaches glamour or the
// screen), and glamour's own output is cut down to SGR styles: in particular
// links are drawn as their text and their visible URL, with no OSC 8
// hyperlink, so that a link's text cannot hide where it leads.
//
// What the block-wise drawing does not reproduce of glamour's drawing of the
// whole reply (tests compare the two up to runs of empty lines, which are
// drawn as one):
//   - link reference definitions ("[1]: https://...") apply only within
//     their block, as glamour is given one block at a time;
//   - after an HTML block glamour puts no empty line, and none is put, even
//     when the HTML draws nothing (a comment right under a paragraph), where
//     glamour does put one;
//   - while a fenced code block is still arriving, its lines are highlighted
//     in pieces (see openCode): a string or comment spanning two pieces may
//     be coloured wrongly until the fence closes.
//
// Citations are drawn by the caller. This package imports no other atelier
// package but termtext, and must not import client, store or the screens.
package markdown
