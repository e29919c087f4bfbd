# Turnuva Botu: slim Python, non-root, the SQLite file on a volume; runs `turnuva bot`.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    XDG_DATA_HOME=/data

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
ENTRYPOINT ["turnuva"]
CMD ["bot"]
