package fakecli_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
)

// A Player plays a recording to a host: here one user message, answered
// with what Claude Code 2.1.37 wrote in the text-simple scenario.
func ExamplePlayer() {
	rec, err := recording.ReadRecording("../recordings/2.1.37/text-simple.txtar")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := &fakecli.Player{Recording: rec, Env: fakecli.Env{Cwd: "/work"}}
	stdin := strings.NewReader(`{"type":"user","message":{"role":"user","content":"Say hello."}}` + "\n")
	var stdout bytes.Buffer
	code, err := p.Run(context.Background(), stdin, &stdout)
	if err != nil {
		fmt.Println(err)
		return
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m struct{ Type, Subtype, Cwd, Result string }
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(strings.Join(strings.Fields(m.Type+" "+m.Subtype+" "+m.Cwd+" "+m.Result), " "))
	}
	fmt.Println("exit status", code)
	// Output:
	// system init /work
	// assistant
	// result success Hello!
	// exit status 0
}
