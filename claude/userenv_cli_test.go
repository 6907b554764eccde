package claude_test

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestUserEnvironmentCLI runs each pinned CLI as a user's program does,
// with nothing but zero Options: the `claude` on PATH, in the caller's
// folder, with the caller's environment. A stub stands in for the API,
// reached through ANTHROPIC_BASE_URL in the process environment, and every
// connection goes through a local proxy named by the caller's HTTP_PROXY
// and HTTPS_PROXY, which lets through only what goes to the API: the CLI
// reaches no other host. (A front before the stub keeps the credential
// headers, which the stub's records redact.) The caller's environment has CLAUDECODE=1, as inside a Claude
// Code hook or tool.
//
// It sets the process environment, so it does not run in parallel.
func TestUserEnvironmentCLI(t *testing.T) {
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			bin := claudetest.Binary(t, version)
			for _, tc := range []struct {
				name string
				run  func(t *testing.T, u *userEnv)
			}{
				{"APIKey", testUserAPIKey},
				{"OAuthToken", testUserOAuthToken},
				{"ClaudeMDInWorkingDirectory", testUserClaudeMD},
				{"UserSettings", testUserSettings},
			} {
				t.Run(tc.name, func(t *testing.T) {
					tc.run(t, newUserEnv(t, bin))
				})
			}
		})
	}
}

// userEnv is a user's machine for one test: a HOME of their own, the
// claude on PATH, a stub API named by ANTHROPIC_BASE_URL and a proxy.
type userEnv struct {
	stub  *stubapi.Server
	front *credentialFront
	proxy *recordingProxy
	home  string
	work  string
	vars  map[string]string // the user's environment, less what userEnvVars unset
}

// userEnvVars are the variables of the test process that could give the
// CLI another API, login or config folder; newUserEnv unsets them.
var userEnvVars = []string{
	"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CONFIG_DIR",
	"CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "ANTHROPIC_MODEL",
	"NO_PROXY", "no_proxy", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy",
}

// newUserEnv makes a user's machine and makes it the test process's: its
// environment (see vars) and working directory.
func newUserEnv(t *testing.T, bin cliinstall.Binary) *userEnv {
	t.Helper()
	u := newUserMachine(t, bin)
	for _, k := range userEnvVars {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	for k, v := range u.vars {
		t.Setenv(k, v)
	}
	t.Chdir(u.work)
	return u
}

// newUserMachine makes a user's machine: a HOME and a project folder, a
// stub API with a credential front and a proxy, and the variables that
// make them the user's (vars): PATH with the claude of bin first, HOME,
// ANTHROPIC_BASE_URL, HTTP_PROXY, HTTPS_PROXY and CLAUDECODE=1.
func newUserMachine(t *testing.T, bin cliinstall.Binary) *userEnv {
	t.Helper()
	u := &userEnv{
		stub: stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello from the stub."))),
		home: t.TempDir(),
		work: t.TempDir(),
	}
	u.front = newCredentialFront(t, u.stub.URL())
	u.proxy = newRecordingProxy(t, u.front.URL)
	pathDir := t.TempDir()
	if err := os.Symlink(bin.Path, filepath.Join(pathDir, cliinstall.CommandName)); err != nil {
		t.Fatal(err)
	}
	u.vars = map[string]string{
		"PATH":               pathDir + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME":               u.home,
		"ANTHROPIC_BASE_URL": u.front.URL,
		"HTTP_PROXY":         u.proxy.URL,
		"HTTPS_PROXY":        u.proxy.URL,
		"CLAUDECODE":         "1",
	}
	return u
}

// query runs one prompt with zero Options but for the control timeout a
// loaded machine needs, and checks that the caller's folder was the CLI's,
// that the answer came from the stub through the proxy, and that the
// client's own session runs unsealed.
func (u *userEnv) query(t *testing.T) *stubapi.Request {
	t.Helper()
	turn, err := claude.Query(ctxFor(t), "Say hello.", claude.Options{ControlTimeout: patience(t),
		Stderr: func(line string) { t.Logf("CLI stderr: %s", line) }})
	if err != nil {
		t.Fatalf("Query with zero Options: %v (the proxy refused %v)", err, u.proxy.refusedHosts())
	}
	var init *protocol.SystemInit
	for _, m := range turn.Messages {
		if i, ok := m.(*protocol.SystemInit); ok {
			init = i
		}
	}
	if got := turn.Text(); got != "Hello from the stub." {
		t.Errorf("answer = %q", got)
	}
	if init == nil || init.CWD != u.work {
		t.Errorf("the CLI's working directory = %v, want the caller's %s", init, u.work)
	}
	main := u.stub.MainRequests()
	if len(main) == 0 {
		t.Fatal("the stub saw no main-loop request")
	}
	if u.proxy.forwarded() == 0 {
		t.Errorf("the caller's proxy saw no request to the stub")
	}
	if other := u.proxy.refusedHosts(); len(other) > 0 {
		t.Logf("the proxy refused connections to %v", other)
	}
	return &main[0]
}

func testUserAPIKey(t *testing.T, u *userEnv) {
	const key = "sk-ant-api03-ccwire-user-key"
	t.Setenv("ANTHROPIC_API_KEY", key)
	u.query(t)
	if got := u.front.header("X-Api-Key"); got != key {
		t.Errorf("x-api-key the API saw = %q, want the caller's %q", got, key)
	}
}

func testUserOAuthToken(t *testing.T, u *userEnv) {
	const token = "sk-ant-oat01-ccwire-user-token"
	t.Setenv("CLAUDE_CODE_OAUTH_TOKEN", token)
	u.query(t)
	if got := u.front.header("Authorization"); got != "Bearer "+token {
		t.Errorf("authorization the API saw = %q, want the caller's bearer token", got)
	}
	if got := u.front.header("X-Api-Key"); got != "" {
		t.Errorf("x-api-key the API saw = %q, want none", got)
	}
}

func testUserClaudeMD(t *testing.T, u *userEnv) {
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-api03-ccwire-user-key")
	const marker = "ccwire-project-memory-7f3a"
	if err := os.WriteFile(filepath.Join(u.work, "CLAUDE.md"), []byte("Always mention "+marker+".\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	req := u.query(t)
	if !bytes.Contains(req.Body, []byte(marker)) {
		t.Errorf("the API request does not carry the CLAUDE.md of the working directory")
	}
}

func testUserSettings(t *testing.T, u *userEnv) {
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-api03-ccwire-user-key")
	dir := filepath.Join(u.home, ".claude")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"env": {"ANTHROPIC_CUSTOM_HEADERS": "X-Ccwire-Setting: from-user-settings"}}`
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	u.query(t)
	if got := u.front.header("X-Ccwire-Setting"); got != "from-user-settings" {
		t.Errorf("the API request's X-Ccwire-Setting = %q, want the header ~/.claude/settings.json sets", got)
	}
}

// credentialFront stands before the stub and keeps the credential
// headers of every request, which the stub's own records redact.
type credentialFront struct {
	*httptest.Server
	mu      sync.Mutex
	headers []http.Header
}

func newCredentialFront(t *testing.T, stub string) *credentialFront {
	target, err := url.Parse(stub)
	if err != nil {
		t.Fatal(err)
	}
	f := &credentialFront{}
	rp := &httputil.ReverseProxy{
		Rewrite:       func(r *httputil.ProxyRequest) { r.SetURL(target) },
		FlushInterval: -1,
	}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Api-Key") != "" || r.Header.Get("Authorization") != "" {
			f.mu.Lock()
			f.headers = append(f.headers, r.Header.Clone())
			f.mu.Unlock()
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

// header returns header key of the last request that had a credential.
func (f *credentialFront) header(key string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.headers) == 0 {
		return ""
	}
	return f.headers[len(f.headers)-1].Get(key)
}

// recordingProxy is an HTTP proxy on loopback that lets through, as plain
// requests or CONNECT tunnels, only what goes to one host:port (the API's),
// and refuses everything else. It counts what it let through.
type recordingProxy struct {
	*httptest.Server
	target string // host:port it lets through

	mu      sync.Mutex
	passed  int
	refused []string
}

func newRecordingProxy(t *testing.T, target string) *recordingProxy {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &recordingProxy{target: u.Host}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

func (p *recordingProxy) serve(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if r.Method != http.MethodConnect {
		host = r.URL.Host
	}
	p.mu.Lock()
	if host != p.target {
		p.refused = append(p.refused, r.Method+" "+host)
		p.mu.Unlock()
		http.Error(w, "ccwire test proxy: only the test API is reachable", http.StatusForbidden)
		return
	}
	p.passed++
	p.mu.Unlock()
	if r.Method == http.MethodConnect {
		p.tunnel(w)
		return
	}
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) { pr.Out.URL = r.URL }, FlushInterval: -1}
	rp.ServeHTTP(w, r)
}

// tunnel joins the client's connection to the target's.
func (p *recordingProxy) tunnel(w http.ResponseWriter) {
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer up.Close()
	conn, rw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n"); err != nil {
		return
	}
	done := make(chan struct{})
	go func() {
		_, _ = io.Copy(up, rw) // what the client sent, buffered ones first
		up.(*net.TCPConn).CloseWrite()
		close(done)
	}()
	_, _ = io.Copy(conn, up)
	conn.Close()
	<-done
}

// forwarded returns how many requests and tunnels the proxy let through.
func (p *recordingProxy) forwarded() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.passed
}

// refusedHosts returns what the proxy refused.
func (p *recordingProxy) refusedHosts() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.refused...)
}

// TestUserProgramCLI builds testdata/userprogram, the program the README
// opens the Go part with, as a module of its own outside this one, and
// runs it as a user would on each pinned CLI: in their project folder with
// their environment (the claude on PATH, an OAuth token, a proxy, and
// CLAUDECODE=1 as inside a Claude Code hook), with nothing in Options.
func TestUserProgramCLI(t *testing.T) {
	t.Parallel()
	prog := buildUserProgram(t)
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			u := newUserMachine(t, claudetest.Binary(t, version))
			const token, marker = "sk-ant-oat01-ccwire-program", "ccwire-program-memory-51c2"
			if err := os.WriteFile(filepath.Join(u.work, "CLAUDE.md"), []byte("Mention "+marker+".\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			env := []string{"CLAUDE_CODE_OAUTH_TOKEN=" + token}
			for k, v := range u.vars {
				env = append(env, k+"="+v)
			}
			for _, kv := range os.Environ() { // the rest of the machine's, less its own API, login and proxies
				k, _, _ := strings.Cut(kv, "=")
				if _, set := u.vars[k]; !set && !slices.Contains(userEnvVars, k) && k != "CLAUDE_CODE_OAUTH_TOKEN" {
					env = append(env, kv)
				}
			}
			cmd := exec.CommandContext(ctxFor(t), prog)
			cmd.Dir, cmd.Env = u.work, env
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "Hello from the stub." {
				t.Fatalf("the program: %v\n%s", err, out)
			}
			if got := u.front.header("Authorization"); got != "Bearer "+token {
				t.Errorf("authorization the API saw = %q, want the user's OAuth token", got)
			}
			if main := u.stub.MainRequests(); len(main) == 0 || !bytes.Contains(main[0].Body, []byte(marker)) {
				t.Errorf("the API request does not carry the CLAUDE.md of the program's folder")
			}
			if u.proxy.forwarded() == 0 {
				t.Errorf("the user's proxy saw no request")
			}
		})
	}
}

// buildUserProgram builds testdata/userprogram in a module of its own that
// requires this one (replaced by this checkout), and returns the binary.
func buildUserProgram(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "userprogram", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/userprogram\n\ngo 1.26\n\nrequire github.com/ccwire/ccwire v0.0.0\n\nreplace github.com/ccwire/ccwire => " + root + "\n"
	for name, data := range map[string][]byte{"main.go": src, "go.sum": sum, "go.mod": []byte(mod)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog := filepath.Join(dir, "userprogram")
	cmd := exec.CommandContext(ctxFor(t), "go", "build", "-mod=mod", "-o", prog, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build the user's program: %v\n%s", err, out)
	}
	return prog
}
