mkdir d && cd d && touch a1 a2 b1
echo {a,b}* ~{,/x} {~,~/y}
for i in {1..3}; do printf '%s.' "$i"; done; echo
echo $(echo {1..3}) "$(echo {a,b})"
echo x={1,2}
x={a,b}; echo "$x"
