#!/bin/sh
# Remakes each built-in preset's thumbnail (NAME.png, a 256x256 hillshade the editor shows beside it) with
# the given runnel-cli:   assets/presets/make-thumbnails.sh build/app/runnel-cli
set -eu
cli=${1:?usage: make-thumbnails.sh RUNNEL_CLI}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for preset in "$here"/*.preset; do
  name=$(basename "$preset" .preset)
  "$cli" make --preset "$preset" --size 256 -o "$tmp/$name.r32" --hillshade "$here/$name.png" --quiet
done
