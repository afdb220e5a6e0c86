package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strings"
	"time"
)

// A task's id carries everything the simulator needs to answer for it:
// when it was submitted, its family and whether it fails. So a simulator
// that did not see the submission (the next run of the demo, a restarted
// `atelier sim`) follows the task through the same lifecycle, from the id
// the client kept, with no state of its own. The id is UUID-shaped, time
// first as in a version 7 UUID:
//
//	bytes 0–5    submission time, Unix milliseconds, big-endian
//	byte 6       0x7 in the high nibble (the version), family<<2 | fate
//	bytes 7–11   a hash of the submission (the variant bits in byte 8)
//	bytes 12–15  a checksum of bytes 0–11, so that an id the simulator did
//	             not make is not taken for one (it answers 404 as before)

// The fate of a task: how it ends.
const (
	fateSucceeds = iota
	fateFlagged  // [[fail]] in the prompt: a content policy failure
	fateFails    // chosen by FailShare: a generation failure
)

// idFamilies are the families, by their index in an id.
var idFamilies = []string{"videoa", "videob", "videoc3.1"}

// idChecksumKey keeps a task id's checksum apart from other hashes.
const idChecksumKey = "atelier simulator task id"

// newTaskID makes the id of a task submitted at created with the given
// family and fate; hash makes ids of different submissions differ.
func newTaskID(created time.Time, family string, fate int, hash []byte) string {
	var b [16]byte
	ms := uint64(max(created.UnixMilli(), 0))
	binary.BigEndian.PutUint64(b[:8], ms<<16) // the low 48 bits of ms in bytes 0–5
	b[6] = 0x70 | byte(max(slices.Index(idFamilies, family), 0))<<2 | byte(fate&3)
	copy(b[7:12], hash)
	b[8] = b[8]&0x3f | 0x80
	copy(b[12:], idChecksum(b[:12]))
	return formatID(b)
}

// parseTaskID reads back what newTaskID put into id; ok is false for an
// id the simulator did not make.
func parseTaskID(id string) (created time.Time, family string, fate int, ok bool) {
	raw, err := hex.DecodeString(strings.ReplaceAll(id, "-", ""))
	if err != nil || len(raw) != 16 || len(id) != 36 || raw[6]>>4 != 7 || !bytes.Equal(raw[12:], idChecksum(raw[:12])) {
		return time.Time{}, "", 0, false
	}
	fam := int(raw[6] >> 2 & 3)
	if fam >= len(idFamilies) {
		return time.Time{}, "", 0, false
	}
	ms := binary.BigEndian.Uint64(append(raw[:6:6], 0, 0)) >> 16
	return time.UnixMilli(int64(ms)), idFamilies[fam], int(raw[6] & 3), true
}

func idChecksum(b []byte) []byte {
	h := sha256.Sum256(append([]byte(idChecksumKey), b...))
	return h[:4]
}

// formatID writes 16 bytes the way UUIDs are written.
func formatID(b [16]byte) string {
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
