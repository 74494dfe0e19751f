f() { echo outer-f; }
(f; g() { echo g; }; g)
g 2>/dev/null || echo "g not defined outside"
