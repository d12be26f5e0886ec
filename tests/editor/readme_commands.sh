# What the README documents is what the code takes: every script command in its "Headless use" block is known
# to the editor's script runner, every runnel-cli command it lists answers --help, and the runnel-cli
# examples run as written (the README's data path pointed at the test data).
source "$(dirname "$0")/common.bash"
README=$(realpath "$(dirname "$0")/../../README.md")

# The script commands: the ``` block after "Headless use"; on each line the part before three spaces is the
# commands, " | " between them; a command's name is its first word ("rain", "spring" and "view" take a
# second word, run below with a bad one).
awk '/^Headless use/ { f = 1 } f && /^```/ { n++; next } f && n == 1 { print } n == 2 { exit }' "$README" |
  sed -E 's/   .*$//; s/ \| /\n/g' | awk '{ print $1 }' | sort -u >names.txt
[ "$(wc -l <names.txt)" -ge 20 ] || fail "found only these script commands in the README: $(tr '\n' ' ' <names.txt)"
# Each run bare (most then fail for want of arguments, which is fine), quit and close last.
grep -vE '^(quit|close)$' names.txt >bare.txt
printf 'quit\n' >>bare.txt
editor --size 640x480 --script bare.txt || true
if grep -i "unknown command" "$TMP/editor.err"; then
  fail "the README documents script commands the editor does not know (above)"
fi
grep -q "script: generate -> ok" "$TMP/editor.out" || fail "the bare commands did not run: $(head -5 "$TMP/editor.err")"

# runnel-cli: every command the README's runnel-cli block names answers --help.
awk '/^## runnel-cli/ { f = 1 } f && /^```/ { n++; next } f && n == 1 { print } n == 2 { exit }' "$README" |
  grep -oE 'runnel-cli [a-z-]+' | awk '{ print $2 }' | sort -u >cli.txt
[ "$(wc -l <cli.txt)" -ge 8 ] || fail "found only these runnel-cli commands in the README: $(tr '\n' ' ' <cli.txt)"
while read -r command; do
  "$CLI" "$command" --help >/dev/null 2>help.err || fail "runnel-cli $command --help: $(cat help.err)"
done <cli.txt
# The examples, as written, in order (each makes what the next reads).
awk '/^## runnel-cli/ { f = 1 } f && /^Examples:/ { e = 1 } e && /^```/ { n++; next } e && n == 1 { print } n == 2 { exit }' \
  "$README" | sed "s#build/tests/data/#$DATA/#g; s#^runnel-cli #\"\$CLI\" #" >examples.sh
[ "$(wc -l <examples.sh)" -ge 5 ] || fail "no runnel-cli examples found in the README"
# rain.png for the rain example: a 1024² 8-bit map, denser to the east.
python3 -c "
import struct, zlib
w = h = 1024
raw = b''.join(b'\0' + bytes(x * 255 // (w - 1) for x in range(w)) for _ in range(h))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open('rain.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)) +
                             chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))"
CLI=$CLI bash -eu examples.sh >examples.out 2>&1 || fail "a README example failed: $(tail -3 examples.out)"
echo ok
