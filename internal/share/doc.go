// Package share writes one self-contained HTML page of atelier's results —
// a conversation, a comparison, an image job, a video task, a batch, a
// leaderboard — and the blind ballot a colleague votes on offline.
//
// The page opens in any browser with no network: its one stylesheet and
// its one script (the ballot's) are inline and allowed by hash in a
// Content-Security-Policy that forbids every other load; images are
// embedded up to a size limit (EmbedLimit), and videos and larger files
// are written beside the page in one folder, FILE_files/. Model output is
// untrusted HTML: it is rendered from Markdown and then sanitised
// (bluemonday), so no script, handler, frame, form or remote load from a
// model survives. The page names no key, no base URL and no local path
// but its media's file names.
package share
