echo "it's"
echo 'say "hi"'
echo 'it'\''s'
