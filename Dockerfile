# syntax=docker/dockerfile:1
# Build: docker build -t layoutd .
# Run:   docker run --rm -p 8080:8080 --read-only layoutd

FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
RUN swift build -c release --static-swift-stdlib --product layoutd \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/layoutd" /out/layoutd

FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get upgrade -y \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/layoutd /usr/local/bin/layoutd
USER 65532:65532
ENV PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["/usr/local/bin/layoutd", "--probe"]
ENTRYPOINT ["/usr/local/bin/layoutd"]
