// The API speaks in the domain's values (messages and their states, frames, scripts, quotes,
// schedules): a face or a client that imports the API types has them too, and needs no
// import of the layers below.
@_exported import ClackContent
@_exported import ClackCore
