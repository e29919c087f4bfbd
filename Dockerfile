# Turnuva Botu: slim Python, non-root, the SQLite file on a volume; runs `turnuva bot`.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    XDG_DATA_HOME=/data \
    TURNUVA_LISTEN=0.0.0.0

RUN useradd --create-home --uid 10001 turnuva \
    && mkdir -p /data && chown turnuva:turnuva /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY domain ./domain
COPY storage ./storage
COPY bot ./bot
RUN pip install --no-cache-dir .

USER turnuva
VOLUME ["/data"]
# The public pages (and the webhook, in webhook mode) on one port; set TURNUVA_PUBLIC_URL
# to the address people open, TLS ending at your proxy.
EXPOSE 8080
ENTRYPOINT ["turnuva"]
CMD ["bot"]
