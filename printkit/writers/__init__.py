"""Writers: sheets and documents to PDF and SVG files."""
