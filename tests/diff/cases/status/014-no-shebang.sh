printf 'echo no-shebang-run\n' > s
chmod +x s
./s
echo $?
