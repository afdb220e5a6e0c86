package markdown

import (
	"strconv"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// lineSigs lexes code as glamour highlights it (the lexer of its language,
// or plain text as plainCode decides, with tokens coalesced) and returns,
// for each line, what its colours depend on: the type of each run of
// characters. Two lines with equal signatures are drawn alike.
func lineSigs(lang, code string) []string {
	if code == "" {
		return nil
	}
	l := lexers.Get(plainLang)
	if lang != "" && knownLang([]byte(lang)) {
		l = lexers.Get(lang)
	}
	if l == nil {
		return nil
	}
	it, err := chroma.Coalesce(l).Tokenise(nil, code)
	if err != nil {
		return nil
	}
	var out []string
	var b strings.Builder
	last := chroma.TokenType(-1 << 30)
	for tok := it(); tok != chroma.EOF; tok = it() {
		for v := tok.Value; v != ""; {
			part, rest, nl := strings.Cut(v, "\n")
			if part != "" {
				if tok.Type != last {
					b.WriteString("\x00" + strconv.Itoa(int(tok.Type)) + "\x00")
					last = tok.Type
				}
				b.WriteString(part)
			}
			if !nl {
				break
			}
			out = append(out, b.String())
			b.Reset()
			last = -1 << 30
			v = rest
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}
