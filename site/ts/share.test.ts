import assert from "node:assert/strict";
import { test } from "node:test";
import { scriptInFragment, shareFragment } from "./share";

test("a shared script comes back from its fragment, any text", () => {
  for (const script of ["", "SELECT * FROM t;", "INSERT INTO t (k) VALUES ('héllo ✓ 😀');\n-- ok", "a".repeat(70000)]) {
    const f = shareFragment("ex-3", script);
    assert.match(f, /^#ex-3=[A-Za-z0-9_-]*$/);
    assert.equal(scriptInFragment(f, "ex-3"), script);
    assert.equal(scriptInFragment(f.slice(1), "ex-3"), script);
  }
});

test("the fragment is base64url of UTF-8, unpadded", () => {
  assert.equal(shareFragment("ex-1", "ü?>"), "#ex-1=w7w_Pg");
});

test("a fragment that shares nothing for the figure gives null", () => {
  const f = shareFragment("ex-3", "SELECT 1;");
  for (const [frag, id] of [
    [f, "ex-4"], // another figure's
    [f, "ex-"],
    ["#ex-3", "ex-3"], // no script
    ["#ex-3=a+b/", "ex-3"], // not base64url
    ["#ex-3=_w", "ex-3"], // 0xFF: not UTF-8
    ["#ex-3=" + "A".repeat(400000), "ex-3"], // too long
  ]) {
    assert.equal(scriptInFragment(frag, id), null, frag.slice(0, 20));
  }
});
