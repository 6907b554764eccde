//go:build !goexperiment.jsonv2

package jsonwire

// Go 1.26's encoding/json/jsontext, which the module aliases under
// GOEXPERIMENT=jsonv2, has no AppendFloat: this test needs the module's own
// copy.

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// TestJSONTextAppendFloatAgrees checks that AppendFloat writes every finite
// number as jsontext.AppendFloat does (both follow ECMA-262's number to
// string); they part only where JSON has no number: NaN and infinities,
// which AppendFloat writes as null (as JSON.stringify does) and
// jsontext.AppendFloat as NaN, +Inf and -Inf, which are not JSON.
func TestJSONTextAppendFloatAgrees(t *testing.T) {
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 1e-7, 9.999999e-7, 1e20, 1e21, 123456789012345680000,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 5e-324, 0.000001234, 2.5e-8, 1.5, 3.14159, 100, 1e300}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		fs = append(fs, math.Float64frombits(r.Uint64()))
	}
	for _, f := range fs {
		want := AppendFloat(nil, f)
		got := jsontext.AppendFloat(nil, f, 64)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			if string(want) != "null" || json.Valid(got) {
				t.Fatalf("%v: AppendFloat %s, jsontext %s", f, want, got)
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%v: AppendFloat %s, jsontext %s", f, want, got)
		}
	}
}
