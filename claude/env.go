package claude

import "os"

// Environment variables ccwire reads.
const (
	// EnvCacheDir overrides ccwire's cache root (default: ccwire under
	// [os.UserCacheDir]); versions live in <root>/claude-code/<version>.
	EnvCacheDir = "CCWIRE_CACHE_DIR"
	// EnvBinary names an explicit Claude Code binary (a native executable or
	// cli.js) to use instead of the cache. EnvBinary + "_" + the version with
	// dots as underscores (CCWIRE_CLAUDE_2_1_37) names one for a single
	// version and takes precedence.
	EnvBinary = "CCWIRE_CLAUDE"
)

// envLookup returns the lookup function in effect: the given one, or the
// process environment.
func envLookup(lookup func(string) (string, bool)) func(string) (string, bool) {
	if lookup != nil {
		return lookup
	}
	return os.LookupEnv
}
