# The project's pytest entry point: `import tensorflow` resolves to tfcompat in its tests.
import tfcompat

tfcompat.alias.install()
