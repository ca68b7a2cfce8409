// The decoding tests again, twice: with every record through the byte scan, and with none
// (test/modes/). The first run of `npm test` takes the default, where only records from
// SCAN_FROM bytes are scanned; together the three cover both paths on every test record.
import { execFileSync } from "node:child_process";

const FILES = ["profile", "noncharacters", "decoding", "consumer-table", "vectors", "fuzz", "outputBounds", "byteScan"].map((f) => `dist-test/${f}.test.js`);
for (const mode of ["scan-every-record", "no-byte-scan"]) {
  console.log(`# decoding tests, mode ${mode}`);
  execFileSync(process.execPath, ["--import", `./dist-test/modes/${mode}.js`, "--test", "--test-reporter=dot", ...FILES], { stdio: "inherit", cwd: new URL("..", import.meta.url) });
}
