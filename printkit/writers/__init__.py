"""Writers: sheets of placed parts -> files.

``pdf.write(sheets, path, ...)`` draws everything printed (art, cut and fold
lines in their print styles, glue and waste shading) with embedded TrueType
fonts; ``svg.write(sheet, path)`` writes one sheet's cut and score lines for
a cutting machine. ``fonts.register_fonts()`` registers the fonts every PDF
of printkit uses (the rulebook too).
"""
