// ajv-validate.cjs validates JSON values against the schema files of
// ccwire's JSON Schema bundles with ajv (Ajv2020, strict mode), for the
// Go test TestSchemaValidatesRecordingsAjv.
//
//	node ajv-validate.cjs AJV_DIR SCHEMA_DIR CHECKS
//
// AJV_DIR is where ajv is installed (npm install --prefix AJV_DIR ajv@8);
// SCHEMA_DIR holds one folder per CLI version with its schema files;
// CHECKS has one check a line: {"version", "file", "pointer", "data"}.
// It prints one result a line, in order: {"valid": bool, "error": "..."}.
"use strict";
const fs = require("fs");
const path = require("path");

const [ajvDir, schemaDir, checksFile] = process.argv.slice(2);
if (!checksFile) {
  console.error("usage: node ajv-validate.cjs AJV_DIR SCHEMA_DIR CHECKS");
  process.exit(2);
}
const Ajv2020 = require(path.join(ajvDir, "node_modules", "ajv", "dist", "2020")).default;

const ajvs = new Map(); // by CLI version, holding every file of its folder
function ajvFor(version) {
  let ajv = ajvs.get(version);
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: true, allErrors: false });
  const dir = path.join(schemaDir, version);
  for (const f of fs.readdirSync(dir).sort()) {
    if (f.endsWith(".schema.json")) {
      ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    }
  }
  ajvs.set(version, ajv);
  return ajv;
}

const base = "https://github.com/ccwire/ccwire/raw/main/schema/";
// The checks are read a line at a time: the corpus's are more than the
// 512 MiB a string can hold.
const lines = require("readline").createInterface({ input: fs.createReadStream(checksFile), crlfDelay: Infinity });
const out = [];
lines.on("line", (line) => {
  if (line === "") return;
  const c = JSON.parse(line);
  const ajv = ajvFor(c.version);
  const ref = base + c.version + "/" + c.file + (c.pointer ? "#" + c.pointer : "");
  const validate = ajv.getSchema(ref);
  if (!validate) {
    console.error("no schema " + ref);
    process.exit(1);
  }
  const valid = validate(c.data);
  out.push(JSON.stringify({ valid, error: valid ? "" : ajv.errorsText(validate.errors) }) + "\n");
  if (out.length >= 4096) process.stdout.write(out.splice(0).join(""));
});
lines.on("close", () => process.stdout.write(out.join("")));
