package client

// appendCompactHTML appends the JSON value src as json.Marshal writes a
// json.RawMessage: without insignificant white space, and with <, >, &,
// U+2028 and U+2029 inside strings escaped. src must be valid JSON.
func appendCompactHTML(dst, src []byte) []byte {
	start, inString, escaped := 0, false, false
	flush := func(i int) { dst = append(dst, src[start:i]...) }
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString && (c == '<' || c == '>' || c == '&'):
			flush(i)
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			start = i + 1
		case inString && c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			flush(i)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xF])
			i += 2
			start = i + 1
		case inString:
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush(i)
			start = i + 1
		}
	}
	flush(len(src))
	return dst
}
