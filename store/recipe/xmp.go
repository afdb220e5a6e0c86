package recipe

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
)

// xmpNS is atelier's XMP namespace; its one property, recipe, holds the
// recipe's JSON text.
const xmpNS = "https://atelier.invalid/ns/recipe/1.0/"

// maxXMP caps an XMP packet the reader parses (XML escaping can grow a
// recipe's text up to six times).
const maxXMP = 6 * MaxBytes

// xmpPacket wraps a recipe's text in an XMP packet.
func xmpPacket(text []byte) []byte {
	var b bytes.Buffer
	b.WriteString("<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" +
		`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:atelier="` + xmpNS + `"><atelier:recipe>`)
	xml.EscapeText(&b, text)
	b.WriteString("</atelier:recipe></rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>")
	return b.Bytes()
}

// xmpRecipe finds atelier's recipe property in an XMP packet: nil when the
// packet has none (another tool's XMP).
func xmpRecipe(packet []byte) ([]byte, error) {
	if len(packet) > maxXMP {
		return nil, errors.New("xmp: packet over the size limit")
	}
	if !bytes.Contains(packet, []byte(xmpNS)) {
		return nil, nil
	}
	d := xml.NewDecoder(bytes.NewReader(packet))
	d.Strict = false
	var text []byte
	in := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, errors.New("xmp: " + err.Error())
		}
		switch t := tok.(type) {
		case xml.StartElement:
			in = t.Name.Space == xmpNS && t.Name.Local == "recipe"
		case xml.CharData:
			if in {
				if len(text)+len(t) > MaxBytes {
					return nil, errors.New("xmp: recipe over the size limit")
				}
				text = append(text, t...)
			}
		case xml.EndElement:
			if in {
				return text, nil
			}
		}
	}
}
