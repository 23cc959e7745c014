#!/usr/bin/env bash
# Builds deploy/Dockerfile and reports the image's size and its largest layers. Needs a Docker
# daemon; the build context is the repository, as .dockerignore trims it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! docker info >/dev/null 2>&1; then
  echo "No Docker daemon answers here: nothing built." >&2
  exit 1
fi
tag="cadenza:size-check"
docker build -f deploy/Dockerfile -t "$tag" .
bytes=$(docker image inspect "$tag" --format '{{.Size}}')
echo "Image $tag: $((bytes / 1000000)) MB"
echo "Largest layers:"
docker history "$tag" --format '{{.Size}}\t{{.CreatedBy}}' | sort -h -r | head -n 6 | cut -c 1-140
