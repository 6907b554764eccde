// Package match checks JSON messages against partial patterns.
//
// It exists to assert what the Claude Code CLI writes on stdout in
// stream-json mode (one JSON object per line) without spelling out the
// fields that change from run to run (ids, timings, usage). A [Pattern] is a
// JSON value that names only what matters:
//
//	{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash"}]}}
//
// matches every assistant message whose single content block is a Bash
// tool_use, whatever its id, input, model or usage.
//
// Patterns come from JSON text ([Parse], [MustParse], or a [Pattern] field
// filled by encoding/json) or from Go values ([Value] and the matcher
// constructors [Any], [Absent], [Type], [Regexp], [NonEmpty], [Contains]).
// Constructors such as [AssistantText] and [ResultSuccess] build the patterns
// of the protocol's message kinds. A Pattern is immutable and safe for
// concurrent use.
//
// # Rules
//
// A pattern value matches an actual value as follows:
//
//   - Object: every key the pattern names must be present and match; keys
//     the pattern does not name are not compared. {} matches any object.
//   - Array: the actual array has the same length and element i matches
//     pattern element i. Use $contains for "contains, in order".
//   - String, boolean: equal.
//   - Number: equal by value: 1, 1.0 and 1e0 are equal. Integers are
//     compared exactly, other numbers as float64.
//   - null: matches null only. A missing key is not null; see $absent.
//
// # Operators
//
// An object whose only key starts with a single "$" is an operator:
//
//	{"$any":true}            the value exists, whatever it is (null included)
//	{"$absent":true}         the key does not exist; only meaningful as the
//	                         value of an object member
//	{"$type":"string"}       the value has this JSON type: string, number,
//	                         boolean, null, object or array
//	{"$regexp":"^msg_"}      the value is a string that the RE2 expression
//	                         matches (unanchored, like regexp.MatchString)
//	{"$nonempty":true}       the value is a non-empty string, array or object
//	{"$contains":[p1,p2]}    the value is an array with elements matching p1,
//	                         p2, in this order; other elements may come
//	                         before, between and after
//
// Anything else is an error from [Parse]: an unknown operator, an operator
// object with more than one key, a wrong operand ({"$any":false},
// {"$type":"integer"}, an invalid expression), or $absent as an array element.
//
// A literal key that starts with "$" is written with the "$" doubled:
// {"$$ref":"x"} matches an object whose key "$ref" is "x". This escape only
// exists in pattern text: keys of Go maps given to [Value] are always
// literal, and [Pattern.MarshalJSON] doubles them again.
//
// # Paths
//
// Differences ([Diff.Path]) and ignored paths ([Ignore]) name a value by
// the keys and array indexes that lead to it, joined with dots:
// "message.content.0.text". The root is the empty path. In [Ignore], a "*"
// segment stands for any single key or index:
// Ignore("message.content.*.id"). A key that contains ".", "*" or "\" is
// written with a backslash before each of them.
//
// # Messages and subsequences
//
// [Subsequence] checks that patterns match an ordered subsequence of a
// stream of messages (the CLI writes many messages a scenario does not care
// about) and, when one does not, reports the closest candidate with its
// differences. Messages and patterns are described by labels like the
// message column of the protocol reference: "system/init",
// "assistant(tool_use:Bash)", "user(tool_result:error)",
// "result/success(is_error:true)"; see [MessageLabel] and [Pattern.Label].
package match
