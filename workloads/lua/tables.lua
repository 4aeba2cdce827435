-- Tables, sorting, closures, metatables, integer and float arithmetic.
local t = {}
for i = 1, 5000 do t[i] = (i * 7919) % 10007 end
table.sort(t)
print(t[1], t[2500], t[5000], #t)
table.sort(t, function(a, b) return a > b end)
print(t[1], t[5000])
local function counter()
  local n = 0
  return function(k) n = n + (k or 1); return n end
end
local c1, c2 = counter(), counter()
for i = 1, 100 do c1(i) end
print(c1(0), c2(5))
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, Vec) end
Vec.__tostring = function(v) return "(" .. v.x .. "," .. v.y .. ")" end
local v = setmetatable({x = 1, y = 2}, Vec)
for _ = 1, 10 do v = v + setmetatable({x = 3, y = -1}, Vec) end
print(tostring(v))
local keys = {}
local map = {alpha = 1, beta = 2, gamma = 3, delta = 4}
for k in pairs(map) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, " "))
print(7 // 2, 7 % 3, -7 // 2, -7 % 3, 7 / 2, 2 ^ 10, 1 << 62, math.maxinteger, math.mininteger)
print(math.floor(3.7), math.ceil(3.2), math.abs(-4), math.max(3, 9, 1), math.fmod(7, 3), math.tointeger(5.0))
print(string.format("%.10f %.10f %.10f", math.sin(1), math.sqrt(2), math.exp(1)))
local ok, err = pcall(function() error({code = 42}) end)
print(ok, type(err), err.code)
print(select("#", pcall(error, "boom")), (select(2, pcall(error, "boom"))))
