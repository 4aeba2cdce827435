-- Strings: formatting, patterns, gsub, byte/char, rep, reverse.
local words = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words[#words + 1] = w end
print(#words, table.concat(words, ","))
print(("hello world"):upper(), ("Hello"):lower(), ("abc"):rep(3, "-"), ("stressed"):reverse())
print(string.format("%5d|%-5s|%05.2f|%x|%q", 42, "ab", 3.14159, 255, "a\nb"))
local s = ("x = 1, y = 22, z = 333"):gsub("(%a) = (%d+)", function(k, v) return k .. ":" .. (#v) end)
print(s)
local count = select(2, ("banana"):gsub("an", "AN"))
print(count, ("banana"):find("nan"), ("banana"):match("(b)(a)(n)"))
local bytes = {}
for i = 1, 10 do bytes[i] = string.char(64 + i) end
print(table.concat(bytes), ("Lua"):byte(1, -1))
local acc = 0
for i = 1, 20000 do acc = (acc * 31 + #tostring(i * 7919)) % 1000003 end
print("hash", acc)
print(string.format("%.14g %.14g %g", 1 / 3, 2 ^ 53, 1e300 * 10))
