package schema_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

// recordingsDir is the recordings folder of the module, from this package.
var recordingsDir = filepath.Join("..", "..", "recordings")

// version is one recorded CLI version: its bundle and its lines.
type version struct {
	name   string
	bundle *schema.Bundle
	lines  []schema.Line
}

// recordedVersions lists the recorded versions once for all tests.
var recordedVersions = sync.OnceValues(func() ([]string, error) {
	names, err := recording.Versions(recordingsDir)
	if err == nil && len(names) == 0 {
		err = fmt.Errorf("no recordings in %s", recordingsDir)
	}
	return names, err
})

// builtVersions holds, by version name, a function that builds the
// version's bundle once for all tests (a func() (*version, error) from
// sync.OnceValues).
var builtVersions sync.Map

// buildVersion reads the lines of a recorded version and builds its bundle.
func buildVersion(n string) (*version, error) {
	v := &version{name: n}
	for l, err := range recording.SchemaLines(recordingsDir, n) {
		if err != nil {
			return nil, err
		}
		v.lines = append(v.lines, l)
	}
	var err error
	if v.bundle, err = schema.JSONSchema(schema.Protocol(), n, recording.SchemaLines(recordingsDir, n)); err != nil {
		return nil, err
	}
	return v, nil
}

// versionsT returns the versions corpustest.Versions selects, each built
// once for all tests.
func versionsT(t *testing.T) []*version {
	t.Helper()
	names, err := recordedVersions()
	if err != nil {
		t.Fatal(err)
	}
	var out []*version
	for _, n := range corpustest.Versions(t, names) {
		build, _ := builtVersions.LoadOrStore(n, sync.OnceValues(func() (*version, error) { return buildVersion(n) }))
		v, err := build.(func() (*version, error))()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// check is one validation: a JSON value against a schema of a version's
// folder, at a pointer into it ("" for the whole file).
type check struct {
	Name    string          `json:"name"`    // FILE:LINE, or the negative case
	Version string          `json:"version"` // the CLI version
	File    string          `json:"file"`    // the schema file, e.g. stream-json.schema.json
	Pointer string          `json:"pointer"` // "" or a JSON pointer such as /$defs/InitializeResponse
	Data    json.RawMessage `json:"data"`
	line    int             // the index of the recorded line in its version, -1 for a negative case
	want    int             // 1 valid, 0 invalid, -1 counted per line (kind files)
}

// url returns the check's schema location.
func (c check) url() string {
	u := schema.IDBase + c.Version + "/" + c.File
	if c.Pointer != "" {
		u += "#" + c.Pointer
	}
	return u
}

// recordedChecks returns the validations of every recorded line of v:
// the line against the bundle, against every kind file (exactly one must
// accept it), and the payload of a successful control response against
// the definition of the request's answers.
func recordedChecks(t *testing.T, v *version) []check {
	t.Helper()
	var out []check
	requests := map[string]string{} // request subtype by file and request_id
	payloads := schema.Protocol().Payloads()
	for i, l := range v.lines {
		name := l.String()
		out = append(out, check{Name: name, Version: v.name, File: schema.BundleFile, Data: l.Msg, line: i, want: 1})
		for _, k := range v.bundle.Kinds {
			out = append(out, check{Name: name, Version: v.name, File: k + ".schema.json", Data: l.Msg, line: i, want: -1})
		}
		var msg struct {
			Type      string `json:"type"`
			RequestID string `json:"request_id"`
			Request   struct {
				Subtype string `json:"subtype"`
			} `json:"request"`
			Response struct {
				Subtype   string          `json:"subtype"`
				RequestID string          `json:"request_id"`
				Response  json.RawMessage `json:"response"`
			} `json:"response"`
		}
		if err := json.Unmarshal(l.Msg, &msg); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch msg.Type {
		case "control_request":
			requests[l.File+"\x00"+msg.RequestID] = msg.Request.Subtype
		case "control_response":
			sub := requests[l.File+"\x00"+msg.Response.RequestID]
			p := payloads[sub]
			if msg.Response.Subtype != "success" || p == nil || !bytes.HasPrefix(bytes.TrimSpace(msg.Response.Response), []byte("{")) {
				continue
			}
			if v.bundle.Answers[sub] != p.Name {
				t.Errorf("%s: the bundle types answers to %s as %q, want %s", name, sub, v.bundle.Answers[sub], p.Name)
			}
			out = append(out, check{Name: name + " response.response", Version: v.name, File: schema.BundleFile, Pointer: "/$defs/" + p.Name, Data: msg.Response.Response, line: -1, want: 1})
		}
	}
	return out
}

// negative is a recorded line changed so that it must not validate, or a
// made-up line that must.
type negative struct {
	name  string
	kind  string // the first recorded line of this type/subtype is the base
	edit  func(m map[string]any)
	valid bool
}

// negatives are the made-up lines every version's bundle is checked with.
var negatives = []negative{
	{name: "result with is_error a string", kind: "result/success", edit: func(m map[string]any) { m["is_error"] = "nope" }},
	{name: "result without is_error", kind: "result/success", edit: func(m map[string]any) { delete(m, "is_error") }},
	{name: "result with num_turns a fraction", kind: "result/success", edit: func(m map[string]any) { m["num_turns"] = 1.5 }},
	{name: "result with an unknown subtype", kind: "result/success", edit: func(m map[string]any) { m["subtype"] = "error_brand_new" }},
	{name: "system/init with tools a string", kind: "system/init", edit: func(m map[string]any) { m["tools"] = "Bash" }},
	{name: "system/init with a number among tools", kind: "system/init", edit: func(m map[string]any) { m["tools"] = []any{"Bash", 7} }},
	{name: "assistant with content a string", kind: "assistant", edit: func(m map[string]any) { m["message"].(map[string]any)["content"] = "hi" }},
	{name: "assistant with a text block whose text is a number", kind: "assistant", edit: func(m map[string]any) {
		m["message"].(map[string]any)["content"] = []any{map[string]any{"type": "text", "text": 5}}
	}},
	{name: "assistant with parent_tool_use_id a number", kind: "assistant", edit: func(m map[string]any) { m["parent_tool_use_id"] = 3 }},
	{name: "control_response with request_id a number", kind: "control_response", edit: func(m map[string]any) { m["response"].(map[string]any)["request_id"] = 1 }},
	{name: "a line that is not an object", kind: "result/success", edit: func(m map[string]any) { clear(m) }},
	{name: "result with a member the model lacks", kind: "result/success", edit: func(m map[string]any) { m["brand_new_member"] = map[string]any{"x": 1} }, valid: true},
	{name: "assistant with a block of a new type", kind: "assistant", edit: func(m map[string]any) {
		m["message"].(map[string]any)["content"] = []any{map[string]any{"type": "brand_new_block", "x": 1}}
	}, valid: true},
	{name: "a message of a new type", kind: "result/success", edit: func(m map[string]any) { clear(m); m["type"] = "brand_new"; m["x"] = []any{1} }, valid: true},
	{name: "a system message of a new subtype", kind: "system/init", edit: func(m map[string]any) { clear(m); m["type"] = "system"; m["subtype"] = "brand_new" }, valid: true},
	{name: "assistant with parent_tool_use_id null", kind: "assistant", edit: func(m map[string]any) { m["parent_tool_use_id"] = nil }, valid: true},
}

// negativeChecks returns the checks of the negative cases for v.
func negativeChecks(t *testing.T, v *version) []check {
	t.Helper()
	var out []check
	for _, n := range negatives {
		var base map[string]any
		for _, l := range v.lines {
			var m map[string]any
			if err := json.Unmarshal(l.Msg, &m); err != nil {
				t.Fatal(err)
			}
			kind, _ := m["type"].(string)
			if sub, ok := m["subtype"].(string); ok {
				kind += "/" + sub
			}
			if kind == n.kind && l.Dir == "stdout" {
				base = m
				break
			}
		}
		if base == nil {
			t.Fatalf("CLI %s: no recorded %s line for %q", v.name, n.kind, n.name)
		}
		n.edit(base)
		data, err := json.Marshal(base)
		if err != nil {
			t.Fatal(err)
		}
		if n.name == "a line that is not an object" {
			data = []byte(`["not", "an", "object"]`)
		}
		want := 0
		if n.valid {
			want = 1
		}
		out = append(out, check{Name: n.name, Version: v.name, File: schema.BundleFile, Data: data, line: -1, want: want})
	}
	return out
}

// result is what a validator said of one check.
type result struct {
	Valid bool   `json:"valid"`
	Error string `json:"error"`
}

// judge checks the results of a validator: every check as wanted, and
// each recorded line accepted by exactly one kind file. It returns the
// number of recorded lines and payloads validated.
func judge(t *testing.T, validator string, v *version, checks []check, results []result) (lines, payloads int) {
	t.Helper()
	if len(results) != len(checks) {
		t.Fatalf("%s, CLI %s: %d results for %d checks", validator, v.name, len(results), len(checks))
	}
	kinds := make([]int, len(v.lines))
	for i, c := range checks {
		r := results[i]
		switch {
		case c.want < 0:
			if r.Valid {
				kinds[c.line]++
			}
			continue
		case r.Valid && c.want == 0:
			t.Errorf("%s, CLI %s: %s: valid, want invalid:\n%s", validator, v.name, c.Name, c.Data)
		case !r.Valid && c.want == 1:
			t.Errorf("%s, CLI %s: %s: invalid against %s: %s", validator, v.name, c.Name, c.url(), r.Error)
		}
		switch {
		case c.line >= 0:
			lines++
		case c.Pointer != "":
			payloads++
		}
	}
	for i, n := range kinds {
		if n != 1 {
			t.Errorf("%s, CLI %s: %s: %d kind files accept the line, want 1", validator, v.name, v.lines[i], n)
		}
	}
	return lines, payloads
}

// compile returns a compiler holding every file of the bundle.
func compiler(t *testing.T, b *schema.Bundle) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	for _, f := range b.Files() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("CLI %s: %s: %v", b.Version, f.Path, err)
		}
		if err := c.AddResource(schema.IDBase+b.Version+"/"+f.Path, doc); err != nil {
			t.Fatalf("CLI %s: %s: %v", b.Version, f.Path, err)
		}
	}
	return c
}

// TestSchemaValidatesRecordings validates every recorded line of every
// version against that version's bundle and kind files, and every payload
// of a successful control response against its definition, with
// github.com/santhosh-tekuri/jsonschema/v6; and the negative cases.
func TestSchemaValidatesRecordings(t *testing.T) {
	t.Parallel()
	for _, v := range versionsT(t) {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			c := compiler(t, v.bundle)
			schemas := map[string]*jsonschema.Schema{}
			checks := append(recordedChecks(t, v), negativeChecks(t, v)...)
			results := make([]result, len(checks))
			for i, ch := range checks {
				s := schemas[ch.url()]
				if s == nil {
					var err error
					if s, err = c.Compile(ch.url()); err != nil {
						t.Fatalf("compile %s: %v", ch.url(), err)
					}
					schemas[ch.url()] = s
				}
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(ch.Data))
				if err != nil {
					t.Fatalf("%s: %v", ch.Name, err)
				}
				if err := s.Validate(inst); err != nil {
					results[i].Error = err.Error()
				} else {
					results[i].Valid = true
				}
			}
			lines, payloads := judge(t, "jsonschema/v6", v, checks, results)
			t.Logf("jsonschema/v6, CLI %s: %d lines and %d payloads valid, each line against the bundle and %d kind files; %d made-up lines judged", v.name, lines, payloads, len(v.bundle.Kinds), len(negatives))
		})
	}
}

// The npm packages the ajv test runs, installed by `make test`.
const (
	// envAjvDir names the folder ajv is installed in (npm install
	// --prefix DIR): DIR/node_modules/ajv.
	envAjvDir = "CCWIRE_AJV_DIR"
	// ajvPackage is the version `make test` installs.
	ajvPackage = "ajv@8.20.0"
)

// ajvDir returns the folder ajv is installed in: $CCWIRE_AJV_DIR, else
// npm-ajv in ccwire's cache ($CCWIRE_CACHE_DIR, else ccwire in the user
// cache folder), where `make test` installs it.
func ajvDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv(envAjvDir); d != "" {
		return d
	}
	cache := os.Getenv(cliinstall.EnvCacheDir)
	if cache == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			t.Fatalf("no cache folder: %v; set %s or %s", err, cliinstall.EnvCacheDir, envAjvDir)
		}
		cache = filepath.Join(user, "ccwire")
	}
	return filepath.Join(cache, "npm-ajv")
}

// needAjv returns node and the ajv folder, skipping the test when either
// is missing outside CI (CI=true), failing it in CI.
func needAjv(t *testing.T) (node, dir string) {
	t.Helper()
	dir = ajvDir(t)
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "ajv", "package.json"))
	}
	if err != nil {
		msg := fmt.Sprintf("ajv is not installed (%v); run `make test`, which installs it with npm install --prefix %s %s", err, dir, ajvPackage)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return node, dir
}

// TestSchemaValidatesRecordingsAjv runs the checks of
// TestSchemaValidatesRecordings with ajv (Ajv2020, strict mode), the
// JavaScript validator, through testdata/ajv-validate.cjs.
func TestSchemaValidatesRecordingsAjv(t *testing.T) {
	t.Parallel()
	node, dir := needAjv(t)
	vs := versionsT(t)
	root := t.TempDir()
	var all []check
	for _, v := range vs {
		if err := os.MkdirAll(filepath.Join(root, v.name), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range v.bundle.Files() {
			if err := os.WriteFile(filepath.Join(root, v.name, f.Path), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		all = append(all, append(recordedChecks(t, v), negativeChecks(t, v)...)...)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range all {
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
	}
	checksFile := filepath.Join(root, "checks.jsonl")
	if err := os.WriteFile(checksFile, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "ajv-validate.cjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), node, script, dir, root, checksFile)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", script, err, stderr.Bytes())
	}
	var results []result
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("ajv output %q: %v", sc.Bytes(), err)
		}
		results = append(results, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(results) != len(all) {
		t.Fatalf("ajv gave %d results for %d checks\nstderr: %s", len(results), len(all), stderr.Bytes())
	}
	for _, v := range vs {
		n := 0
		for _, c := range all {
			if c.Version == v.name {
				n++
			}
		}
		lines, payloads := judge(t, "ajv", v, all[:n], results[:n])
		t.Logf("ajv, CLI %s: %d lines and %d payloads valid, each line against the bundle and %d kind files; %d made-up lines judged", v.name, lines, payloads, len(v.bundle.Kinds), len(negatives))
		all, results = all[n:], results[n:]
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Errorf("ajv warned:\n%s", s)
	}
}
