package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// miniDTS is a small sdk.d.ts with what the parser reads: unions through
// a namespace, nested objects, comments with braces and semicolons,
// multi-line unions and a result union with several subtypes.
const miniDTS = `
declare namespace coreTypes {
    export { SDKMessage }
}
/** A control request {@link X}; with braces. */
declare type SDKControlRequestInner = SDKControlInterruptRequest | SDKHookCallbackRequest;
declare type SDKControlInterruptRequest = {
    subtype: 'interrupt';
    // subtype: 'commented_out';
};
declare type SDKHookCallbackRequest = {
    subtype: "hook_callback";
    input: { subtype: 'nested'; type: 'nested' };
    callback?: (x: { a: string; }) => void;
};
export declare type SDKMessage = SDKAssistantMessage
  | SDKResultMessage | SDKSystemMessage;
export declare type SDKAssistantMessage = {
    type: 'assistant';
    message: { type: 'message'; };
};
export declare type SDKResultMessage = SDKResultSuccess | SDKResultError;
export declare type SDKResultSuccess = {
    type: 'result';
    subtype: 'success';
};
export declare type SDKResultError = {
    type: 'result';
    subtype: 'error_a' | 'error_b';
};
export declare type SDKSystemMessage = {
    type: 'system';
    subtype: 'init';
};
declare type StdoutMessage = coreTypes.SDKMessage | SDKControlRequest | SDKKeepAlive;
declare type SDKControlRequest = {
    type: 'control_request';
    request: SDKControlRequestInner;
};
declare type SDKKeepAlive = {
    type: 'keep_alive';
};
export declare const HOOK_EVENTS: readonly ['PreToolUse', 'Stop'];
`

func TestSDKItems(t *testing.T) {
	t.Parallel()
	got, err := sdkItems(miniDTS)
	if err != nil {
		t.Fatal(err)
	}
	want := []item{
		{groupControl, "interrupt"}, {groupControl, "hook_callback"},
		{groupStdout, "assistant"}, {groupStdout, "result/success"}, {groupStdout, "result/error_a"},
		{groupStdout, "result/error_b"}, {groupStdout, "system/init"}, {groupStdout, "keep_alive"},
		{groupHook, "PreToolUse"}, {groupHook, "Stop"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("items\n got %v\nwant %v", got, want)
	}
}

// TestSDKItemsErrors checks that what the parser cannot read is an error
// naming the declaration, not a shorter table.
func TestSDKItemsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, old, new, want string
	}{
		{"no control union", "declare type SDKControlRequestInner =", "declare type Other =", "no declaration of type SDKControlRequestInner"},
		{"undeclared variant", "SDKControlInterruptRequest | SDKHookCallbackRequest;", "SDKControlInterruptRequest | SDKMissing;", "no declaration of type SDKMissing"},
		{"variant no name", "SDKAssistantMessage\n  | SDKResultMessage", "SDKAssistantMessage\n  | { type: 'x' }", "no type name"},
		{"subtype not literal", "subtype: 'interrupt';", "subtype: string;", "no string literal"},
		{"no subtype", "subtype: 'interrupt';", "other: 'interrupt';", "has no subtype"},
		{"no type", "type: 'keep_alive';", "kind: 'keep_alive';", "has no one type"},
		{"no hooks", "HOOK_EVENTS", "OTHER_EVENTS", "no declaration of const HOOK_EVENTS"},
		{"empty literal", "subtype: 'init';", "subtype: '';", "empty literal"},
		{"hook not literal", "'PreToolUse', 'Stop'", "'PreToolUse', Stop", "holds no string literal"},
		{"self reference", "SDKResultSuccess | SDKResultError;", "SDKResultSuccess | SDKResultMessage;", "refers to itself"},
		{"not a union", "= SDKResultSuccess | SDKResultError;", "= Omit<SDKResultSuccess, 'x'>;", "neither an object literal nor a union"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := strings.Replace(miniDTS, tt.old, tt.new, 1)
			if src == miniDTS {
				t.Fatalf("%q is not in the fixture", tt.old)
			}
			_, err := sdkItems(src)
			if !errors.Is(err, errDecl) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}

// TestTableIsFresh fails when drift/sdkitems_gen.go differs from what the
// installed newest Agent SDK gives: run go generate ./drift.
func TestTableIsFresh(t *testing.T) {
	t.Parallel()
	root, err := sdkDir("")
	if err == nil {
		_, err = os.Stat(filepath.Join(root, "sdk.d.ts"))
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the newest TypeScript Agent SDK is missing: %v; make test installs it", err)
		}
		t.Skipf("the newest TypeScript Agent SDK is missing: %v; run `make agent-sdk`", err)
	}
	want, err := generate("", "drift")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../drift/sdkitems_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("drift/sdkitems_gen.go is stale: run go generate ./drift")
	}
}

// FuzzSDKItems checks that no input makes the parser panic, and that
// what it accepts has items of every group, none empty or repeated.
func FuzzSDKItems(f *testing.F) {
	f.Add(miniDTS)
	f.Add("declare type X = {")
	f.Add("/* unterminated")
	f.Add("type A = B | C; type B = A | C;")
	f.Fuzz(func(t *testing.T, src string) {
		items, err := sdkItems(src)
		if err != nil {
			return
		}
		for i, it := range items {
			if it.Name == "" || slices.Contains(items[:i], it) {
				t.Errorf("item %d %v: empty or repeated", i, it)
			}
		}
	})
}
