//go:build conformance

package sim_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The node side of the SDK checks, and the reference replies: the same
// requests sent over plain HTTP, read field by field.

// confReferenceHeader marks the test's own reference requests, which the
// recorder leaves out.
const confReferenceHeader = "X-Conformance-Reference"

// confRunNode runs sdk-check.mjs against base and returns its lines. A
// failing check makes the script exit non-zero; the lines still say which.
func confRunNode(t *testing.T, base string) []confLine {
	t.Helper()
	dir := confNodeProject(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "sdk-check.mjs", base)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SIM_KEY_ALPHA="+confKeys["alpha"], "SIM_KEY_BETA="+confKeys["beta"], "SIM_KEY_GAMMA="+confKeys["gamma"])
	cmd.WaitDelay = 5 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	var lines []confLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var l confLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("sdk-check.mjs printed a line that is not JSON: %q", sc.Text())
		}
		lines = append(lines, l)
	}
	if runErr != nil {
		for _, l := range lines {
			if !l.OK {
				t.Errorf("%s: %s", l.Check, l.Error)
			}
		}
		t.Fatalf("node sdk-check.mjs: %v\nstderr:\n%s", runErr, stderr.String())
	}
	return lines
}

// confNodeProject returns the Node project's directory, failing with what
// to run when node or its installed packages are missing.
func confNodeProject(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(confDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not on PATH: the conformance tests need Node.js (run testdata/conformance/run.sh)")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err != nil {
		t.Fatalf("%s has no installed packages: run testdata/conformance/run.sh (npm ci)", dir)
	}
	return dir
}

// confPost sends body to the simulator with group g's credential and
// decodes the JSON reply.
func confPost(t *testing.T, base, g, path string, body any) map[string]any {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, base+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(confReferenceHeader, "1")
	switch g {
	case "alpha":
		req.Header.Set("X-Api-Key", confKeys[g])
	case "beta":
		req.Header.Set("X-Beta-Api-Key", confKeys[g])
	default:
		req.Header.Set("Authorization", "Bearer "+confKeys[g])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("reference request %s: HTTP %d %v: %s", path, resp.StatusCode, err, raw)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("reference reply %s: %v", path, err)
	}
	return m
}

// confDig walks m along keys; a number is returned as int.
func confDig(t *testing.T, m any, keys ...any) any {
	t.Helper()
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			o, ok := m.(map[string]any)
			if !ok {
				t.Fatalf("reference reply: no object at %q (path %v)", k, keys)
			}
			m = o[k]
		case int:
			a, ok := m.([]any)
			if !ok || k >= len(a) {
				t.Fatalf("reference reply: no item %d (path %v)", k, keys)
			}
			m = a[k]
		}
	}
	if f, ok := m.(float64); ok {
		return int(f)
	}
	return m
}

func confInt(t *testing.T, m any, keys ...any) int {
	t.Helper()
	n, ok := confDig(t, m, keys...).(int)
	if !ok {
		t.Fatalf("reference reply: %v is not a number", keys)
	}
	return n
}

// The requests below are the ones the SDK scripts send, reduced to the
// fields that shape the reply.

func confAlphaRef(t *testing.T, base, prompt string) confRef {
	m := confPost(t, base, "alpha", "/bypass/alpha/v1/messages", map[string]any{
		"model": "sim-alpha", "max_tokens": 8192, "messages": []any{map[string]any{"role": "user", "content": prompt}}})
	var text strings.Builder
	for _, b := range confDig(t, m, "content").([]any) {
		if b := b.(map[string]any); b["type"] == "text" {
			text.WriteString(b["text"].(string))
		}
	}
	return confRef{text: text.String(), input: confInt(t, m, "usage", "input_tokens"), output: confInt(t, m, "usage", "output_tokens")}
}

func confBetaRef(t *testing.T, base, prompt string) confRef {
	m := confPost(t, base, "beta", "/bypass/beta/v1/models/sim-beta:generateContent", map[string]any{
		"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": prompt}}}}})
	var text strings.Builder
	for _, p := range confDig(t, m, "candidates", 0, "content", "parts").([]any) {
		if s, ok := p.(map[string]any)["text"].(string); ok {
			text.WriteString(s)
		}
	}
	return confRef{text: text.String(), input: confInt(t, m, "usageMetadata", "promptTokenCount"), output: confInt(t, m, "usageMetadata", "candidatesTokenCount")}
}

func confGammaRef(t *testing.T, base, prompt string) confRef {
	m := confPost(t, base, "gamma", "/bypass/gamma/v1/responses", map[string]any{"model": "sim-gamma", "input": prompt})
	var text strings.Builder
	for _, item := range confDig(t, m, "output").([]any) {
		item := item.(map[string]any)
		if item["type"] != "message" {
			continue
		}
		for _, c := range item["content"].([]any) {
			if c := c.(map[string]any); c["type"] == "output_text" {
				text.WriteString(c["text"].(string))
			}
		}
	}
	return confRef{text: text.String(), input: confInt(t, m, "usage", "input_tokens"), output: confInt(t, m, "usage", "output_tokens")}
}

// confImageRef asks for the image without streaming: the final image of a
// stream is the same picture as the whole reply's.
func confImageRef(t *testing.T, base, prompt string) confRef {
	m := confPost(t, base, "gamma", "/bypass/gamma/v1/images/generations", map[string]any{
		"model": "gamma/image-2", "prompt": prompt, "size": confImageSize})
	b64, _ := confDig(t, m, "data", 0, "b64_json").(string)
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("reference image: %v", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("reference image: %v", err)
	}
	if got := fmt.Sprintf("%dx%d", cfg.Width, cfg.Height); got != confImageSize {
		t.Fatalf("reference image is %s, asked for %s", got, confImageSize)
	}
	sum := sha256.Sum256(raw)
	return confRef{width: cfg.Width, height: cfg.Height, sha: hex.EncodeToString(sum[:]),
		input: confInt(t, m, "usage", "input_tokens"), output: confInt(t, m, "usage", "output_tokens")}
}
