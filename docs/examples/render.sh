#!/usr/bin/env bash
# Redraws the README's examples: docs/examples/NAME.json → NAME.svg with `layout render`.
# LayoutCLITests fails when a committed drawing differs from what the CLI draws now.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product layout
for request in docs/examples/*.json; do
  # Exit status 1 (a conflict or an ambiguity, drawn) is expected for some examples.
  .build/debug/layout render "$request" -o "${request%.json}.svg" || [ $? = 1 ]
done
