package fakecli_test

import (
	"context"
	"os"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
)

// asCLIEnv makes the test binary act as a fake CLI process when set in
// its environment: "cli" runs fakecli.Main on its arguments (a claude),
// "ccwire" on those after "fake-cli" (the binary a `ccwire fake-cli
// install` script runs).
const asCLIEnv = "CCWIRE_FAKECLI_TEST_AS"

func TestMain(m *testing.M) {
	switch os.Getenv(asCLIEnv) {
	case "cli":
		signals, _ := fakecli.Signals()
		os.Exit(fakecli.Main(context.Background(), os.Args[1:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{Signals: signals}))
	case "ccwire":
		if len(os.Args) < 2 || os.Args[1] != "fake-cli" {
			os.Stderr.WriteString("want fake-cli as the first argument\n")
			os.Exit(2)
		}
		signals, _ := fakecli.Signals()
		os.Exit(fakecli.Main(context.Background(), os.Args[2:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{Signals: signals}))
	}
	os.Exit(m.Run())
}
