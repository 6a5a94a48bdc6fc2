"""How wizards are used, as counts per tenant, project, wizard and day, never content.

`events` names what is counted, `recorder` batches counts in memory and adds them to the
document store off the event loop, `stats` reads them back (a wizard's funnel and trend, the most
used wizards). Imports the document store interface only: no web, API, CLI or wizard domain.
"""
