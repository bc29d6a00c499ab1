#!/bin/sh
# Writes deploy/nginx/loyalty.conf.template out with the values in the environment (see the template's head):
#   deploy/nginx/render.sh > /etc/nginx/conf.d/loyalty.conf
# Stops with the name of the first value missing. Only these names are replaced: nginx's own $variables stay.
set -eu
VARS="SHELL_LISTEN LANDING_LISTEN CARDS_LISTEN CAMPAIGNS_LISTEN MESSAGING_LISTEN ADMIN_LISTEN
SHELL_ROOT LANDING_ROOT CARDS_ROOT CAMPAIGNS_ROOT MESSAGING_ROOT ADMIN_ROOT
RUNTIME_CONFIG SHELL_ORIGIN LANDING_ORIGIN APP_ORIGINS HAPROXY SHELL_NODE"
for name in $VARS; do
  eval "value=\${$name:-}"
  if [ -z "$value" ]; then
    echo "render.sh: $name is not set (deploy/nginx/loyalty.conf.template lists every value)" >&2
    exit 1
  fi
done
envsubst "$(for name in $VARS; do printf '${%s} ' "$name"; done)" < "$(dirname "$0")/loyalty.conf.template"
