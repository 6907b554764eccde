package cliinstall_test

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if runInstallHelper() {
		return
	}
	os.Exit(m.Run())
}
