package claude

// MarkedProcesses exposes markedProcesses to the external tests.
var MarkedProcesses = markedProcesses
